import { bech32, bech32m } from "bech32";
import bs58check from "bs58check";
import { hexToBytes, isAddress as isEvmAddress } from "viem";
import type { FundingNetwork } from "@/db/schema";

/** The currencies Aurum takes and pays out, and the networks each travels on. */
export const SUPPORTED: Record<string, readonly FundingNetwork[]> = {
  USDT: ["TRC20", "ERC20", "BEP20"],
  USDC: ["ERC20"],
  XAUT: ["ERC20"],
  BTC: ["BTC"],
  ETH: ["ETH"],
};

export const NETWORK_NAMES: Record<FundingNetwork, string> = {
  TRC20: "Tron (TRC20)",
  ERC20: "Ethereum (ERC20)",
  BEP20: "BNB Smart Chain (BEP20)",
  BTC: "Bitcoin",
  ETH: "Ethereum",
};

export const isSupported = (currency: string, network: string): network is FundingNetwork =>
  (SUPPORTED[currency] ?? []).includes(network as FundingNetwork);

/** The 20-byte payload of a base58check address of 21 bytes whose first is one of `versions`; null when the checksum fails. */
function base58Payload(address: string, versions: number[]): Uint8Array | null {
  try {
    const bytes = bs58check.decode(address);
    return bytes.length === 21 && versions.includes(bytes[0]!) ? bytes.subarray(1) : null;
  } catch {
    return null;
  }
}

/**
 * The payload of a Bitcoin mainnet address (its hash or witness program): legacy P2PKH or P2SH
 * (base58check, versions 0x00 and 0x05), or a segwit one on "bc": version 0 in bech32 with a 20- or
 * 32-byte program, versions 1–16 in bech32m. Null when it is none of these.
 */
function bitcoinPayload(address: string): Uint8Array | null {
  const legacy = base58Payload(address, [0x00, 0x05]);
  if (legacy) return legacy;
  if (!/^bc1/i.test(address) || (address !== address.toLowerCase() && address !== address.toUpperCase())) return null;
  for (const [codec, fitsVersion] of [
    [bech32, (v: number) => v === 0],
    [bech32m, (v: number) => v >= 1 && v <= 16],
  ] as const) {
    const decoded = codec.decodeUnsafe(address.toLowerCase());
    if (!decoded || decoded.prefix !== "bc" || decoded.words.length === 0) continue;
    const version = decoded.words[0]!;
    const program = codec.fromWordsUnsafe(decoded.words.slice(1));
    if (!program || !fitsVersion(version) || program.length < 2 || program.length > 40) continue;
    if (version === 0 && program.length !== 20 && program.length !== 32) continue;
    return Uint8Array.from(program);
  }
  return null;
}

/** What an address carries once decoded and its checksum checked, or null when it is not valid on `network`. */
function payloadOf(network: FundingNetwork, address: string): Uint8Array | null {
  switch (network) {
    case "ERC20":
    case "BEP20":
    case "ETH":
      return isEvmAddress(address, { strict: true }) ? hexToBytes(address as `0x${string}`) : null;
    case "TRC20":
      // Tron: base58check of 21 bytes starting 0x41, so it reads "T…".
      return base58Payload(address, [0x41]);
    case "BTC":
      return bitcoinPayload(address);
  }
}

/**
 * Burn addresses: valid, but nobody holds their key, so whatever is sent there is gone. Every
 * network's all-zero address (EVM 0x000…000, Tron T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb, Bitcoin
 * 1111111111111111111114oLvT2, and a zero hash or witness program of any kind) is caught by its
 * payload; these are the best-known others, compared in lower case.
 */
const BURN_ADDRESSES = new Set(["0x000000000000000000000000000000000000dead", "1bitcoineateraddressdontsendf59kue"]);

const isBurn = (payload: Uint8Array, address: string) =>
  payload.every((b) => b === 0) || BURN_ADDRESSES.has(address.toLowerCase());

/**
 * Why `address` cannot be sent to on `network`: "invalid" (not an address there, or a checksum
 * that does not match: EIP-55 for the EVM chains, where an all-lowercase address carries no
 * checksum and is accepted, as many wallets show them so; base58check for Tron; base58check and
 * bech32/bech32m for Bitcoin mainnet), "burn" (a zero or burn address: valid, but the funds are
 * lost), or null when it is fine. A typo is caught here rather than on the chain, where it would
 * lose the funds.
 */
export function addressProblem(network: FundingNetwork, address: string): "invalid" | "burn" | null {
  const payload = payloadOf(network, address);
  if (!payload) return "invalid";
  return isBurn(payload, address) ? "burn" : null;
}

/** What a person reads beside the address field for each problem, in the form and from the server alike. */
export const ADDRESS_PROBLEM_TEXT = {
  invalid: "Not a valid address for this network (check every character)",
  burn: "That is a burn address: nobody can ever spend what is sent there. Check the address you meant to send to.",
} as const;

/** Whether funds can be sent to `address` on `network`: valid there, checksum included, and no burn address. */
export const isValidAddress = (network: FundingNetwork, address: string): boolean =>
  addressProblem(network, address) === null;

// EVM chains: 0x and 32 bytes in hex; Tron and Bitcoin: 32 bytes in hex without a prefix.
const TX_HASH: Record<FundingNetwork, RegExp> = {
  ERC20: /^0x[0-9a-fA-F]{64}$/,
  BEP20: /^0x[0-9a-fA-F]{64}$/,
  ETH: /^0x[0-9a-fA-F]{64}$/,
  TRC20: /^[0-9a-fA-F]{64}$/,
  BTC: /^[0-9a-fA-F]{64}$/,
};

export const isValidTxHash = (network: FundingNetwork, txHash: string): boolean => TX_HASH[network].test(txHash);

export const TX_HASH_HINT: Record<FundingNetwork, string> = {
  ERC20: "0x followed by 64 hexadecimal characters",
  BEP20: "0x followed by 64 hexadecimal characters",
  ETH: "0x followed by 64 hexadecimal characters",
  TRC20: "64 hexadecimal characters",
  BTC: "64 hexadecimal characters",
};
