import { isAddress } from "viem";
import { z } from "zod";
import { AmountError, toUnits } from "@/lib/core/amount";
import { assetName } from "@/lib/core/format";

const DECIMAL = /^\d+(\.\d+)?$/;
const decimal = (what: string) =>
  z
    .string({ error: `${what} must be a decimal string such as "10.5"` })
    .regex(DECIMAL, `${what} must be a decimal string such as "10.5"`);
const bps = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a whole number of basis points` })
    .int(`${what} must be a whole number of basis points`)
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} can be at most ${max} basis points`);

// Host names as a URL carries them ("docs.example.com"), lowercased; no scheme, path, port or wildcard.
// One string ("a.example, b.example"), as every setting is one value a second administrator reviews.
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;
const hostsIn = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const linkHosts = z
  .string({ error: "The allowed link hosts must be text: host names separated by commas" })
  .trim()
  .toLowerCase()
  .max(2000, "The allowed link hosts can be at most 2,000 characters")
  .refine(
    (v) => hostsIn(v).every((h) => HOST.test(h)),
    "Each allowed link host must be a host name such as docs.example.com (no https://, path or port)",
  )
  .transform((v) => hostsIn(v).join(", "));

// Token contracts that replace CHAIN_<NAME>_TOKEN_<ASSET> for a followed chain, as "chain:ASSET=0x…"
// entries in one string (lib/chain/config reads them); the EIP-55 checksum must match.
const TOKEN_ENTRY = /^(ethereum|bsc):(USDT|USDC|XAUT)=0x[0-9a-fA-F]{40}$/;
const entriesIn = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const chainTokens = z
  .string({ error: "The token contracts must be text: entries such as ethereum:USDT=0x… separated by commas" })
  .trim()
  .max(2000, "The token contracts can be at most 2,000 characters")
  .refine(
    (v) => entriesIn(v).every((e) => TOKEN_ENTRY.test(e) && isAddress(e.slice(e.indexOf("=") + 1))),
    "Each token contract must read chain:ASSET=address, such as ethereum:USDT=0xdAC17F958D2ee523a2206206994597C13D831ec7 (chains ethereum and bsc; assets USDT, USDC, XAUT; the address with its checksum)",
  )
  .refine(
    (v) => new Set(entriesIn(v).map((e) => e.split("=")[0])).size === entriesIn(v).length,
    "Each chain and asset may have one token contract",
  )
  .transform((v) => entriesIn(v).join(", "));

// A block explorer's transaction page per funding network, as "NETWORK=https://…{hash}…" entries in
// one string: where users and administrators follow a chain deposit or a sent withdrawal. An https
// URL with the placeholder exactly once, so a link can only ever lead to that explorer's page of the hash.
const EXPLORER_ENTRY = /^(TRC20|ERC20|BEP20|BTC|ETH)=(https:\/\/[^\s,]+)$/;
const isExplorerTemplate = (template: string) => {
  if (template.split("{hash}").length !== 2 || /[{}]/.test(template.replace("{hash}", ""))) return false;
  const url = URL.canParse(template.replace("{hash}", "0")) ? new URL(template.replace("{hash}", "0")) : null;
  return !!url && url.protocol === "https:" && !url.username && !url.password && HOST.test(url.hostname);
};
const chainExplorers = z
  .string({ error: "The explorer links must be text: entries such as ERC20=https://etherscan.io/tx/{hash}" })
  .trim()
  .max(2000, "The explorer links can be at most 2,000 characters")
  .refine(
    (v) =>
      entriesIn(v).every((e) => {
        const m = EXPLORER_ENTRY.exec(e);
        return !!m && isExplorerTemplate(m[2]!);
      }),
    "Each explorer link must read NETWORK=https://host/path{hash}, such as ERC20=https://etherscan.io/tx/{hash} (networks TRC20, ERC20, BEP20, BTC, ETH; an https address with {hash} once where the transaction hash goes)",
  )
  .refine(
    (v) => new Set(entriesIn(v).map((e) => e.split("=")[0])).size === entriesIn(v).length,
    "Each network may have one explorer link",
  )
  .transform((v) => entriesIn(v).join(", "));

// Custody addresses beyond each wallet's, per EVM funding network, as "NETWORK=0x…" entries in one
// string (several per network): withdrawals on a followed chain may be paid from any of them, and
// proof of reserves reads them all (lib/chain/custody). The EIP-55 checksum must match.
const CUSTODY_ENTRY = /^(ERC20|BEP20|ETH)=(0x[0-9a-fA-F]{40})$/;
const chainCustody = z
  .string({ error: "The custody addresses must be text: entries such as ERC20=0x… separated by commas" })
  .trim()
  .max(4000, "The custody addresses can be at most 4,000 characters")
  .refine(
    (v) => entriesIn(v).every((e) => CUSTODY_ENTRY.test(e) && isAddress(e.slice(e.indexOf("=") + 1))),
    "Each custody address must read NETWORK=address, such as ERC20=0x52908400098527886E0F7030069857D2E4169EE7 (networks ERC20, BEP20, ETH; the address with its checksum)",
  )
  .refine(
    (v) => new Set(entriesIn(v).map((e) => e.toLowerCase())).size === entriesIn(v).length,
    "Each custody address may be listed once per network",
  )
  .transform((v) => entriesIn(v).join(", "));

/** The custody addresses the setting lists for `network`, lower case. */
export const custodyEntriesFor = (setting: string, network: string): string[] =>
  entriesIn(setting)
    .map((e) => CUSTODY_ENTRY.exec(e))
    .filter((m) => m?.[1] === network)
    .map((m) => m![2]!.toLowerCase());

/**
 * Every setting with its default: a fresh install works without any saved row, and a setting
 * added later gets its default on sites that saved their settings before it existed.
 */
export const settingsSchema = z.object({
  siteName: z
    .string()
    .trim()
    .min(1, "The site name is required")
    .max(60, "The site name can be at most 60 characters")
    .default("Aurum"),
  logoUrl: z.string().max(300).nullable().default(null),
  supportUrl: z
    .string()
    .trim()
    .max(300)
    .refine((u) => /^(https:\/\/|mailto:)\S+$/.test(u), "The support link must start with https:// or mailto:")
    .nullable()
    .default(null),
  registrationOpen: z.boolean({ error: "registrationOpen must be true or false" }).default(true),
  trading: z
    .object({
      enabled: z.boolean().default(true),
      feeBps: bps("The trading fee", 1_000).default(20),
      spreadBps: bps("The spread", 1_000).default(30),
      minQuantity: decimal("The minimum quantity").default("0.001"),
      maxQuantity: decimal("The maximum quantity").default("1000"),
      dailyLimit: decimal("The daily limit").default("10000"),
    })
    .prefault({}),
  withdrawals: z
    .object({
      enabled: z.boolean().default(true),
      minAmount: decimal("The minimum withdrawal").default("10"),
      fee: decimal("The withdrawal fee").default("1"),
      dailyLimit: decimal("The daily withdrawal limit").default("50000"),
    })
    .prefault({}),
  storage: z.object({ annualRateBps: bps("The storage rate", 1_000).default(0) }).prefault({}),
  referral: z.object({ rewardUsdt: decimal("The referral reward").default("0") }).prefault({}),
  // From this USDT value a balance change or a withdrawal sent needs a second administrator.
  approvals: z.object({ thresholdUsdt: decimal("The approval threshold").default("1000") }).prefault({}),
  // Hosts besides the site's own that a support reply may link to (lib/support/links).
  support: z.object({ allowedLinkHosts: linkHosts.default("") }).prefault({}),
  // Token contracts changed at run time (by two administrators): they replace the environment's.
  // Explorer links per network (two administrators too: a link users follow to check their money).
  // Custody addresses beside the wallets' (two administrators: withdrawals are accepted from them).
  chain: z
    .object({
      tokens: chainTokens.default(""),
      explorers: chainExplorers.default(""),
      custody: chainCustody.default(""),
    })
    .prefault({}),
});

export type Settings = z.infer<typeof settingsSchema>;

// The asset each decimal setting is an amount of ("any": withdrawals, which apply to every asset).
const AMOUNTS = [
  ["trading", "minQuantity", "XAUT"],
  ["trading", "maxQuantity", "XAUT"],
  ["trading", "dailyLimit", "USDT"],
  ["withdrawals", "minAmount", "any"],
  ["withdrawals", "fee", "any"],
  ["withdrawals", "dailyLimit", "any"],
  ["referral", "rewardUsdt", "USDT"],
  ["approvals", "thresholdUsdt", "USDT"],
] as const;

/**
 * What an administrator may save: the settings schema plus rules that keep the site usable and
 * exact, with each amount's decimals from the assets table (`decimalsOf`). They apply to writes
 * only, so a row saved under older rules can always still be read.
 */
export function savedSettingsSchema(decimalsOf: (asset: string) => number) {
  return settingsSchema.superRefine((s, ctx) => {
    // A section that failed its own checks has nothing exact to compare.
    const unitsOf = (section: keyof Settings, key: string, asset: string): bigint | null => {
      const value = (s[section] as Record<string, unknown>)[key];
      if (typeof value !== "string") return null;
      try {
        return toUnits(value, decimalsOf(asset), "exact", asset === "any" ? "Withdrawal" : assetName(asset));
      } catch (err) {
        if (!(err instanceof AmountError)) throw err;
        ctx.addIssue({ code: "custom", path: [section, key], message: `${section}.${key}: ${err.message}` });
        return null;
      }
    };
    const units = new Map(AMOUNTS.map(([section, key, asset]) => [`${section}.${key}`, unitsOf(section, key, asset)]));
    const min = units.get("trading.minQuantity");
    const max = units.get("trading.maxQuantity");
    if (min === null || min === undefined || max === null || max === undefined) return;
    if (min === 0n)
      ctx.addIssue({
        code: "custom",
        path: ["trading", "minQuantity"],
        message: "The minimum quantity must be greater than zero",
      });
    if (min > max)
      ctx.addIssue({
        code: "custom",
        path: ["trading", "minQuantity"],
        message: "The minimum quantity cannot be above the maximum quantity",
      });
  });
}

/** What an admin may send: any part of the settings; the logo changes only through its upload. */
export const settingsPatchSchema = z
  .object({
    siteName: z.string(),
    supportUrl: z.string().nullable(),
    registrationOpen: z.boolean(),
    trading: z.record(z.string(), z.unknown()),
    withdrawals: z.record(z.string(), z.unknown()),
    storage: z.record(z.string(), z.unknown()),
    referral: z.record(z.string(), z.unknown()),
    approvals: z.record(z.string(), z.unknown()),
    support: z.record(z.string(), z.unknown()),
    chain: z.record(z.string(), z.unknown()),
  })
  .partial()
  .strict();

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** What every visitor may see. */
export function publicSettings(s: Settings) {
  return { siteName: s.siteName, logoUrl: s.logoUrl, supportUrl: s.supportUrl, registrationOpen: s.registrationOpen };
}
