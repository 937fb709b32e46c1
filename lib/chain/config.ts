import { HDKey } from "@scure/bip32";
import { getAddress, isAddress, type Address } from "viem";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { FundingNetwork } from "@/db/schema";
import { getSettings } from "@/lib/settings";

/**
 * The EVM chains Aurum can follow, and which funding networks travel on each: on Ethereum the
 * ERC-20 tokens ("ERC20") and ether itself ("ETH"); on BNB Smart Chain the BEP-20 tokens.
 */
export const CHAINS = {
  ethereum: {
    envName: "ETHEREUM",
    label: "Ethereum",
    defaultChainId: 1,
    defaultConfirmations: 12,
    tokenNetwork: "ERC20",
    native: { network: "ETH", asset: "ETH" },
  },
  bsc: {
    envName: "BSC",
    label: "BNB Smart Chain",
    defaultChainId: 56,
    defaultConfirmations: 15,
    tokenNetwork: "BEP20",
    native: null,
  },
} as const satisfies Record<
  string,
  {
    envName: string;
    label: string;
    defaultChainId: number;
    defaultConfirmations: number;
    tokenNetwork: FundingNetwork;
    native: { network: FundingNetwork; asset: string } | null;
  }
>;

export type ChainName = keyof typeof CHAINS;
export const CHAIN_NAMES = Object.keys(CHAINS) as ChainName[];

/** The assets a chain's tokens may stand for (CHAIN_<NAME>_TOKEN_<ASSET>). */
const TOKEN_ASSETS = ["USDT", "USDC", "XAUT"] as const;

export interface ChainConfig {
  name: ChainName;
  label: string;
  rpcUrl: string;
  chainId: number;
  confirmations: number;
  /** Block to start from when the watcher has never run (unset: the head it first sees). */
  startBlock: bigint | null;
  /** Token contract per asset code (checksummed). */
  tokens: Map<string, Address>;
  tokenNetwork: FundingNetwork;
  native: { network: FundingNetwork; asset: string } | null;
}

export interface ChainSettings {
  /** The operator's extended public key, parsed once. */
  xpub: HDKey;
  chains: ChainConfig[];
}

const positiveInt = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} can be at most ${max}`);

function parseChain(
  name: ChainName,
  env: Readonly<Record<string, string | undefined>>,
  problems: string[],
): ChainConfig | null {
  const spec = CHAINS[name];
  const key = (suffix: string) => `CHAIN_${spec.envName}_${suffix}`;
  const rpcUrl = env[key("RPC_URL")]?.trim();
  if (!rpcUrl) return null;
  if (!URL.canParse(rpcUrl) || !/^https?:$/.test(new URL(rpcUrl).protocol))
    problems.push(`${key("RPC_URL")} must be an http(s) URL`);
  const number = (suffix: string, fallback: number, max: number) => {
    const raw = env[key(suffix)]?.trim();
    if (!raw) return fallback;
    const parsed = positiveInt(key(suffix), max).safeParse(raw);
    if (!parsed.success) problems.push(parsed.error.issues[0]!.message);
    return parsed.success ? parsed.data : fallback;
  };
  const startRaw = env[key("START_BLOCK")]?.trim();
  if (startRaw && !/^\d{1,15}$/.test(startRaw)) problems.push(`${key("START_BLOCK")} must be a block number`);
  const tokens = new Map<string, Address>();
  for (const asset of TOKEN_ASSETS) {
    const address = env[key(`TOKEN_${asset}`)]?.trim();
    if (!address) continue;
    if (!isAddress(address))
      problems.push(`${key(`TOKEN_${asset}`)} is not a valid contract address (check its checksum)`);
    else tokens.set(asset, getAddress(address));
  }
  return {
    name,
    label: spec.label,
    rpcUrl,
    chainId: number("CHAIN_ID", spec.defaultChainId, 2 ** 31),
    confirmations: number("CONFIRMATIONS", spec.defaultConfirmations, 10_000),
    startBlock: startRaw && /^\d{1,15}$/.test(startRaw) ? BigInt(startRaw) : null,
    tokens,
    tokenNetwork: spec.tokenNetwork,
    native: spec.native,
  };
}

// Read on hot paths (every deposit-address request): parsed again only when the variables change.
let last: { key: string; settings: ChainSettings | null } | undefined;

/**
 * The chains configured in the environment, with DEPOSIT_XPUB: null when no chain has an RPC URL
 * (every network keeps the proof flow). A chain configured without DEPOSIT_XPUB, or any value that
 * does not parse, throws, so server.ts fails at start rather than at the first deposit.
 */
export function chainSettings(env: Readonly<Record<string, string | undefined>> = process.env): ChainSettings | null {
  const cacheKey = Object.keys(env)
    .filter((k) => k.startsWith("CHAIN_") || k === "DEPOSIT_XPUB")
    .sort()
    .map((k) => `${k}=${env[k]}`)
    .join("\n");
  if (last?.key === cacheKey) return last.settings;
  const problems: string[] = [];
  const chains = CHAIN_NAMES.map((name) => parseChain(name, env, problems)).filter((c): c is ChainConfig => c !== null);
  let settings: ChainSettings | null = null;
  if (chains.length) {
    const xpub = parseXpub(env.DEPOSIT_XPUB, problems);
    if (xpub) settings = { xpub, chains };
  }
  if (problems.length) throw new Error(`Invalid chain configuration: ${problems.join("; ")}`);
  last = { key: cacheKey, settings };
  return settings;
}

function parseXpub(value: string | undefined, problems: string[]): HDKey | null {
  if (!value?.trim()) {
    problems.push("DEPOSIT_XPUB is required when a chain's RPC URL is set");
    return null;
  }
  try {
    const key = HDKey.fromExtendedKey(value.trim());
    // A private key here would let anyone who reads the server's environment spend every deposit.
    if (key.privateKey) {
      problems.push("DEPOSIT_XPUB is a private key (xprv): give the server only the extended public key");
      return null;
    }
    return key;
  } catch {
    problems.push("DEPOSIT_XPUB is not a BIP-32 extended public key (xpub…)");
    return null;
  }
}

/**
 * The chains as configured, with the token contracts of the settings (`chain.tokens`, changed by
 * two administrators) in place of the environment's, for the chains that are followed.
 */
export async function activeChains(db: Db): Promise<ChainSettings | null> {
  const settings = chainSettings();
  if (!settings) return null;
  const overrides = (await getSettings(db)).chain.tokens;
  if (!overrides) return settings;
  const entries = overrides.split(", ").map((e) => /^(\w+):(\w+)=(0x[0-9a-fA-F]{40})$/.exec(e)!);
  return {
    ...settings,
    chains: settings.chains.map((chain) => {
      const mine = entries.filter((m) => m[1] === chain.name);
      return mine.length
        ? { ...chain, tokens: new Map([...chain.tokens, ...mine.map((m) => [m[2]!, getAddress(m[3]!)] as const)]) }
        : chain;
    }),
  };
}

/** How `currency` on `network` arrives on a configured chain: a token contract, or the chain's native coin. */
export type ChainRoute = { chain: ChainConfig; token: Address | null };

/** The configured chain that carries `currency` on `network`, or null when that pair keeps the proof flow. */
export function chainRoute(
  settings: ChainSettings | null,
  currency: string,
  network: FundingNetwork,
): ChainRoute | null {
  for (const chain of settings?.chains ?? []) {
    if (chain.native && chain.native.network === network && chain.native.asset === currency)
      return { chain, token: null };
    const token = chain.tokens.get(currency);
    if (token && chain.tokenNetwork === network) return { chain, token };
  }
  return null;
}
