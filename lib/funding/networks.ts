import { bech32, bech32m } from "bech32";
import bs58check from "bs58check";
import { isAddress as isEvmAddress } from "viem";
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

/** base58check of 21 bytes whose first is one of `versions`, or false when the checksum fails. */
function isBase58Address(address: string, versions: number[]): boolean {
  try {
    const bytes = bs58check.decode(address);
    return bytes.length === 21 && versions.includes(bytes[0]!);
  } catch {
    return false;
  }
}

/**
 * A Bitcoin mainnet address: legacy P2PKH or P2SH (base58check, versions 0x00 and 0x05), or a
 * segwit one on "bc": version 0 in bech32 with a 20- or 32-byte program, versions 1–16 in bech32m.
 */
function isBitcoinAddress(address: string): boolean {
  if (isBase58Address(address, [0x00, 0x05])) return true;
  if (!/^bc1/i.test(address) || (address !== address.toLowerCase() && address !== address.toUpperCase())) return false;
  for (const [codec, fitsVersion] of [[bech32, (v: number) => v === 0], [bech32m, (v: number) => v >= 1 && v <= 16]] as const) {
    const decoded = codec.decodeUnsafe(address.toLowerCase());
    if (!decoded || decoded.prefix !== "bc" || decoded.words.length === 0) continue;
    const version = decoded.words[0]!;
    const program = codec.fromWordsUnsafe(decoded.words.slice(1));
    if (!program || !fitsVersion(version) || program.length < 2 || program.length > 40) continue;
    if (version === 0 && program.length !== 20 && program.length !== 32) continue;
    return true;
  }
  return false;
}

/**
 * Whether `address` is a valid address on `network`, checksums included: EIP-55 for the EVM chains
 * (an all-lowercase address carries no checksum and is accepted, as many wallets show them so;
 * a mixed-case one must match its checksum), base58check for Tron, base58check and bech32/bech32m
 * for Bitcoin mainnet. A typo is caught here rather than on the chain, where it would lose the funds.
 */
export function isValidAddress(network: FundingNetwork, address: string): boolean {
  switch (network) {
    case "ERC20":
    case "BEP20":
    case "ETH":
      return isEvmAddress(address, { strict: true });
    case "TRC20":
      // Tron: base58check of 21 bytes starting 0x41, so it reads "T…".
      return isBase58Address(address, [0x41]);
    case "BTC":
      return isBitcoinAddress(address);
  }
}

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
