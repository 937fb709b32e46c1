import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  http,
  parseUnits,
  type Address,
  type Hash,
} from "viem";
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { english, generateMnemonic, mnemonicToAccount } from "viem/accounts";

/**
 * The development chain as the app, the scripts and the tests know it: its mnemonic, chain id, test
 * tokens at fixed addresses, and sending and mining on it. The node itself is started by
 * dev-node.ts (kept apart: it finds its files through import.meta, which Playwright's config loader
 * cannot take).
 */

/** Hardhat's well-known development mnemonic: its 20 funded accounts are m/44'/60'/0'/0/0–19. */
export const DEV_MNEMONIC = "test test test test test test test test test test test junk";
/**
 * Where the development xpub sits: account 1', so no user's deposit address is one of the funded
 * accounts (account 0') that send test funds.
 */
export const DEV_XPUB_PATH = "m/44'/60'/1'/0";
export const DEV_CHAIN_ID = 31337;

export const TEST_TOKENS = ["USDT", "USDC", "XAUT"] as const;
export type TestToken = (typeof TEST_TOKENS)[number];
export const TEST_TOKEN_DECIMALS = 6;

/**
 * Deployed by account 0 with nonces 0, 1 and 2 on a fresh node, so a contract's address
 * (keccak(sender, nonce)) is the same on every run: the printed configuration stays valid.
 */
export const TEST_TOKEN_ADDRESSES = Object.fromEntries(
  TEST_TOKENS.map((symbol, nonce) => [
    symbol,
    getContractAddress({ from: mnemonicToAccount(DEV_MNEMONIC).address, nonce: BigInt(nonce) }),
  ]),
) as Record<TestToken, Address>;

export const TEST_TOKEN_ABI = [
  {
    type: "function",
    name: "transfer",
    stateMutability: "nonpayable",
    inputs: [
      { name: "to", type: "address" },
      { name: "value", type: "uint256" },
    ],
    outputs: [{ type: "bool" }],
  },
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ type: "uint256" }],
  },
  { type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] },
] as const;

/** The extended public key at `DEV_XPUB_PATH` of a mnemonic: what the operator gives the app as DEPOSIT_XPUB. */
export function xpubOf(mnemonic: string, derivation = DEV_XPUB_PATH): string {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(derivation).publicExtendedKey;
}

/** A fresh mnemonic from viem's word list (the README's offline recipe). */
export const newMnemonic = () => generateMnemonic(english);

export const devChain = (rpcUrl: string, chainId = DEV_CHAIN_ID) =>
  defineChain({
    id: chainId,
    name: "Aurum development",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });

/** A wallet of one of the node's funded development accounts (0 by default), for sending test funds. */
export function devWallet(rpcUrl: string, account = 0, chainId = DEV_CHAIN_ID) {
  return createWalletClient({
    account: mnemonicToAccount(DEV_MNEMONIC, { accountIndex: 0, addressIndex: account }),
    chain: devChain(rpcUrl, chainId),
    transport: http(rpcUrl),
  });
}

export const devClient = (rpcUrl: string, chainId = DEV_CHAIN_ID) =>
  createPublicClient({ chain: devChain(rpcUrl, chainId), transport: http(rpcUrl), cacheTime: 0 });

/** Sends `amount` (a decimal string) of a test token or of ETH from development account `from` to `to`; the transaction's hash once mined. */
export async function sendTestFunds(
  rpcUrl: string,
  to: Address,
  amount: string,
  asset: TestToken | "ETH",
  from = 0,
): Promise<Hash> {
  const wallet = devWallet(rpcUrl, from);
  const hash =
    asset === "ETH"
      ? await wallet.sendTransaction({ to, value: parseUnits(amount, 18) })
      : await wallet.writeContract({
          address: TEST_TOKEN_ADDRESSES[asset],
          abi: TEST_TOKEN_ABI,
          functionName: "transfer",
          args: [to, parseUnits(amount, TEST_TOKEN_DECIMALS)],
        });
  await devClient(rpcUrl).waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

/** Mines `blocks` empty blocks at once. */
export async function mineBlocks(rpcUrl: string, blocks: number): Promise<void> {
  await devClient(rpcUrl).request({ method: "hardhat_mine" as never, params: [`0x${blocks.toString(16)}`] as never });
}
