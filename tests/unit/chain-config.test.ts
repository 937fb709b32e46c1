import { describe, expect, it } from "vitest";
import { DEV_MNEMONIC, TEST_TOKEN_ADDRESSES, xpubOf } from "@/chain/dev-chain";
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { chainRoute, chainSettings } from "@/lib/chain/config";

const xpub = xpubOf(DEV_MNEMONIC);
const base = { CHAIN_ETHEREUM_RPC_URL: "http://127.0.0.1:8545", DEPOSIT_XPUB: xpub };
const refusal = (env: Record<string, string>) => {
  try {
    chainSettings(env);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe("the chain configuration", () => {
  it("is none without an RPC URL: every network keeps the proof flow", () => {
    expect(chainSettings({ DEPOSIT_XPUB: xpub })).toBeNull();
    expect(chainRoute(chainSettings({}), "USDT", "ERC20")).toBeNull();
  });

  it("takes each chain's defaults, and routes a pair only where its token (or the native coin) is configured", () => {
    const settings = chainSettings({
      ...base,
      CHAIN_ETHEREUM_TOKEN_USDT: TEST_TOKEN_ADDRESSES.USDT,
      CHAIN_BSC_RPC_URL: "https://bsc.example",
      CHAIN_BSC_TOKEN_USDT: TEST_TOKEN_ADDRESSES.USDC,
    })!;
    expect(settings.chains.map((c) => [c.name, c.chainId, c.confirmations])).toEqual([
      ["ethereum", 1, 12],
      ["bsc", 56, 15],
    ]);
    expect(chainRoute(settings, "USDT", "ERC20")).toMatchObject({
      chain: { name: "ethereum" },
      token: TEST_TOKEN_ADDRESSES.USDT,
    });
    expect(chainRoute(settings, "USDT", "BEP20")).toMatchObject({
      chain: { name: "bsc" },
      token: TEST_TOKEN_ADDRESSES.USDC,
    });
    expect(chainRoute(settings, "ETH", "ETH")).toMatchObject({ chain: { name: "ethereum" }, token: null });
    expect(chainRoute(settings, "USDC", "ERC20")).toBeNull();
    expect(chainRoute(settings, "USDT", "TRC20")).toBeNull();
  });

  it("refuses at start what would go wrong later: no xpub, a private key, a bad URL, number or checksum", () => {
    expect(refusal({ CHAIN_ETHEREUM_RPC_URL: "http://127.0.0.1:8545" })).toMatch(/DEPOSIT_XPUB is required/);
    const xprv = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC)).derive("m/44'/60'/1'/0").privateExtendedKey;
    expect(refusal({ ...base, DEPOSIT_XPUB: xprv })).toMatch(/private key \(xprv\)/);
    expect(refusal({ ...base, DEPOSIT_XPUB: "xpub-nonsense" })).toMatch(/not a BIP-32 extended public key/);
    expect(refusal({ ...base, CHAIN_ETHEREUM_RPC_URL: "ftp://node" })).toMatch(/RPC_URL must be an http\(s\) URL/);
    expect(refusal({ ...base, CHAIN_ETHEREUM_CONFIRMATIONS: "0" })).toMatch(/CONFIRMATIONS must be at least 1/);
    expect(refusal({ ...base, CHAIN_ETHEREUM_CHAIN_ID: "1.5" })).toMatch(/CHAIN_ID must be a whole number/);
    expect(refusal({ ...base, CHAIN_ETHEREUM_START_BLOCK: "-3" })).toMatch(/START_BLOCK must be a block number/);
    const badChecksum = TEST_TOKEN_ADDRESSES.USDT.replace("5FbDB", "5fbDB");
    expect(refusal({ ...base, CHAIN_ETHEREUM_TOKEN_USDT: badChecksum })).toMatch(
      /TOKEN_USDT is not a valid contract address/,
    );
  });
});
