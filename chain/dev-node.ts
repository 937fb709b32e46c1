import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import { createPublicClient, createWalletClient, defineChain, getContractAddress, http, parseUnits, type Address, type Hash } from "viem";
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { english, generateMnemonic, mnemonicToAccount } from "viem/accounts";

/**
 * A development EVM node: Hardhat 2's `hardhat node` (its EDR engine is an npm platform package, so
 * nothing is downloaded at run time) with test USDT, USDC and XAUt tokens deployed at fixed
 * addresses. `npm run chain:node` runs one for a developer; the tests start one per file.
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
// A hundred billion of each: enough for any bench, far inside uint256.
const SUPPLY = parseUnits("100000000000", TEST_TOKEN_DECIMALS);

/**
 * Deployed by account 0 with nonces 0, 1 and 2 on a fresh node, so a contract's address
 * (keccak(sender, nonce)) is the same on every run: the printed configuration stays valid.
 */
export const TEST_TOKEN_ADDRESSES = Object.fromEntries(
  TEST_TOKENS.map((symbol, nonce) => [symbol, getContractAddress({ from: mnemonicToAccount(DEV_MNEMONIC).address, nonce: BigInt(nonce) })]),
) as Record<TestToken, Address>;

export const TEST_TOKEN_ABI = [
  { type: "function", name: "transfer", stateMutability: "nonpayable", inputs: [{ name: "to", type: "address" }, { name: "value", type: "uint256" }], outputs: [{ type: "bool" }] },
  { type: "function", name: "balanceOf", stateMutability: "view", inputs: [{ name: "owner", type: "address" }], outputs: [{ type: "uint256" }] },
  { type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] },
] as const;

const require = createRequire(import.meta.url);
const here = import.meta.dirname;

/** The token's bytecode, compiled by the solc npm package (solcjs, WebAssembly): no compiler is downloaded. */
function compileToken(): `0x${string}` {
  const solc = require("solc") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources: { "TestToken.sol": { content: readFileSync(path.join(here, "contracts", "TestToken.sol"), "utf8") } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { TestToken: ["evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(`TestToken.sol does not compile:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  return `0x${output.contracts!["TestToken.sol"]!.TestToken!.evm.bytecode.object}`;
}

const CONSTRUCTOR_ABI = [
  { type: "constructor", stateMutability: "nonpayable", inputs: [{ name: "name_", type: "string" }, { name: "symbol_", type: "string" }, { name: "decimals_", type: "uint8" }, { name: "supply", type: "uint256" }] },
] as const;
const TOKEN_NAMES: Record<TestToken, string> = { USDT: "Test Tether USD", USDC: "Test USD Coin", XAUT: "Test Tether Gold" };

/** The extended public key at `DEV_XPUB_PATH` of a mnemonic: what the operator gives the app as DEPOSIT_XPUB. */
export function xpubOf(mnemonic: string, derivation = DEV_XPUB_PATH): string {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(derivation).publicExtendedKey;
}

/** A fresh mnemonic from viem's word list (the README's offline recipe). */
export const newMnemonic = () => generateMnemonic(english);

export const devChain = (rpcUrl: string, chainId = DEV_CHAIN_ID) =>
  defineChain({ id: chainId, name: "Aurum development", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });

/** A wallet of one of the node's funded development accounts (0 by default), for sending test funds. */
export function devWallet(rpcUrl: string, account = 0, chainId = DEV_CHAIN_ID) {
  return createWalletClient({ account: mnemonicToAccount(DEV_MNEMONIC, { accountIndex: 0, addressIndex: account }), chain: devChain(rpcUrl, chainId), transport: http(rpcUrl) });
}

export const devClient = (rpcUrl: string, chainId = DEV_CHAIN_ID) => createPublicClient({ chain: devChain(rpcUrl, chainId), transport: http(rpcUrl), cacheTime: 0 });

/** Sends `amount` (a decimal string) of a test token or of ETH from development account `from` to `to`; the transaction's hash once mined. */
export async function sendTestFunds(rpcUrl: string, to: Address, amount: string, asset: TestToken | "ETH", from = 0): Promise<Hash> {
  const wallet = devWallet(rpcUrl, from);
  const hash =
    asset === "ETH"
      ? await wallet.sendTransaction({ to, value: parseUnits(amount, 18) })
      : await wallet.writeContract({ address: TEST_TOKEN_ADDRESSES[asset], abi: TEST_TOKEN_ABI, functionName: "transfer", args: [to, parseUnits(amount, TEST_TOKEN_DECIMALS)] });
  await devClient(rpcUrl).waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

/** Mines `blocks` empty blocks at once. */
export async function mineBlocks(rpcUrl: string, blocks: number): Promise<void> {
  await devClient(rpcUrl).request({ method: "hardhat_mine" as never, params: [`0x${blocks.toString(16)}`] as never });
}

export interface DevNode {
  rpcUrl: string;
  port: number;
  chainId: number;
  tokens: Record<TestToken, Address>;
  xpub: string;
  /** The KEY=value lines that point the app at this node. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts `hardhat node` on 127.0.0.1:`port` (0: a free port) and waits until it answers; the process and its URL. */
async function startHardhat(port: number, chainId: number): Promise<{ child: ChildProcess; rpcUrl: string }> {
  const cli = path.join(path.dirname(require.resolve("hardhat/package.json")), "internal", "cli", "bootstrap.js");
  const child = spawn(process.execPath, [cli, "--config", path.join(here, "hardhat.config.cjs"), "node", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: here,
    env: { ...process.env, CHAIN_ID: String(chainId), HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", HARDHAT_HIDE_SOLIDITY_SURVEY_MESSAGE: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A test run that dies leaves no node behind.
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  child.once("exit", () => process.off("exit", orphaned));
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  // The node says where it listens once it does (with port 0, the port it was given); then nothing more is read.
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const url = /JSON-RPC server at (http:\/\/[^\s/]+)\//.exec(line)?.[1];
      if (url) {
        lines.close();
        child.stdout!.resume();
        resolve(url);
      }
    });
    child.once("exit", (code) => reject(new Error(`hardhat node exited (${code}) before listening:\n${stderr}`)));
    child.once("error", reject);
  });
  return { child, rpcUrl };
}

async function deployTokens(rpcUrl: string, chainId: number): Promise<void> {
  const bytecode = compileToken();
  const wallet = devWallet(rpcUrl, 0, chainId);
  const client = devClient(rpcUrl, chainId);
  for (const symbol of TEST_TOKENS) {
    const hash = await wallet.deployContract({ abi: CONSTRUCTOR_ABI, bytecode, args: [TOKEN_NAMES[symbol], symbol, TEST_TOKEN_DECIMALS, SUPPLY] });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.contractAddress?.toLowerCase() !== TEST_TOKEN_ADDRESSES[symbol].toLowerCase()) {
      throw new Error(`${symbol} landed at ${receipt.contractAddress}, not ${TEST_TOKEN_ADDRESSES[symbol]}: was the node fresh?`);
    }
  }
}

/**
 * A fresh development node with the test tokens deployed, and the configuration that points the app
 * at it (Ethereum: ERC20 tokens and ETH). `confirmations` is what the printed configuration asks for.
 */
export async function startDevNode(options: { port?: number; chainId?: number; confirmations?: number } = {}): Promise<DevNode> {
  const chainId = options.chainId ?? DEV_CHAIN_ID;
  const { child, rpcUrl } = await startHardhat(options.port ?? 0, chainId);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  try {
    await deployTokens(rpcUrl, chainId);
  } catch (err) {
    await stop();
    throw err;
  }
  const xpub = xpubOf(DEV_MNEMONIC);
  const env = {
    CHAIN_ETHEREUM_RPC_URL: rpcUrl,
    CHAIN_ETHEREUM_CHAIN_ID: String(chainId),
    CHAIN_ETHEREUM_CONFIRMATIONS: String(options.confirmations ?? 12),
    ...Object.fromEntries(TEST_TOKENS.map((t) => [`CHAIN_ETHEREUM_TOKEN_${t}`, TEST_TOKEN_ADDRESSES[t]])),
    DEPOSIT_XPUB: xpub,
  };
  return { rpcUrl, port: Number(new URL(rpcUrl).port), chainId, tokens: { ...TEST_TOKEN_ADDRESSES }, xpub, env, stop };
}
