import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { tradeConfigs, users, type TradeConfig } from "@/db/schema";
import { audit } from "@/lib/audit";
import { badRequest, conflict, notFound } from "@/lib/core/errors";
import { AmountError, formatAmount, toUnits } from "@/lib/core/amount";
import { recordActivity } from "@/lib/activity/record";
import { assetName, money, percentText } from "@/lib/core/format";
import { getSettings } from "@/lib/settings";
import { applyOverrides, rulesView, siteRules, type TradingRules } from "./config";
import { marketAssets, type MarketAssets } from "./market";

const DECIMAL = /^\d+(\.\d+)?$/;
const bps = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of basis points` })
    .int(`${what} must be a whole number of basis points`)
    .min(0, `${what} cannot be negative`)
    .max(1_000, `${what} can be at most 1000 basis points`);
const decimal = (what: string) =>
  z
    .string({ error: `${what} must be a decimal string such as "10.5"` })
    .trim()
    .regex(DECIMAL, `${what} must be a decimal string such as "10.5"`);

/**
 * An administrator's overrides for one user. A field left out keeps its current override; null
 * returns it to the site default.
 */
export const tradeConfigSchema = z
  .object({
    enabled: z.boolean({ error: "enabled must be true or false" }).nullable(),
    feeBps: bps("The fee").nullable(),
    spreadBps: bps("The spread").nullable(),
    minQuantity: decimal("The minimum quantity").nullable(),
    maxQuantity: decimal("The maximum quantity").nullable(),
    dailyLimit: decimal("The daily limit").nullable(),
  })
  .partial()
  .strict()
  .refine((o) => Object.keys(o).length > 0, "Please give at least one setting to change");

export type TradeConfigPatch = z.infer<typeof tradeConfigSchema>;

type Overrides = Omit<TradeConfig, "userId" | "updatedBy" | "updatedAt">;

function units(text: string, decimals: number, field: string, asset: string): bigint {
  try {
    return toUnits(text, decimals, "exact", assetName(asset));
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(err.message, { [field]: [err.message] });
    throw err;
  }
}

function overridesView(o: Overrides | null, m: MarketAssets) {
  if (!o) return null;
  const amount = (v: bigint | null, decimals: number) => (v === null ? null : formatAmount(v, decimals));
  return {
    enabled: o.enabled,
    feeBps: o.feeBps,
    spreadBps: o.spreadBps,
    minQuantity: amount(o.minQuantity, m.baseDecimals),
    maxQuantity: amount(o.maxQuantity, m.baseDecimals),
    dailyLimit: amount(o.dailyLimit, m.quoteDecimals),
  };
}

export type OverridesView = NonNullable<ReturnType<typeof overridesView>>;

/**
 * A user's overrides as the API shows them (null: none), read under the user's row lock, with the
 * market's decimals to write a patch's amounts the same way.
 */
export async function currentOverrides(
  db: Db,
  userId: string,
): Promise<{ overrides: OverridesView | null; m: MarketAssets }> {
  await lockUser(db, userId);
  const { m, row } = await context(db, userId);
  return { overrides: overridesView(row, m), m };
}

/** An amount given in a patch, written as the overrides show it ("2" → "2.000000"); refused (400) when not exact. */
export function overrideAmount(
  text: string,
  field: "minQuantity" | "maxQuantity" | "dailyLimit",
  m: MarketAssets,
): string {
  const [decimals, asset] = field === "dailyLimit" ? [m.quoteDecimals, "USDT"] : [m.baseDecimals, "XAUT"];
  return formatAmount(units(text, decimals, field, asset), decimals);
}

/** "fee 0.2 % → 0.1 %, daily limit site default → 5,000 USDT": what an administrator changed, as the user reads it. */
function changesText(before: OverridesView | null, after: OverridesView | null): string {
  const shown: { [F in keyof OverridesView]: [string, (v: NonNullable<OverridesView[F]>) => string] } = {
    enabled: ["trading", (v) => (v ? "on" : "off")],
    feeBps: ["fee", percentText],
    spreadBps: ["spread", percentText],
    minQuantity: ["minimum quantity", (v) => money(v, "XAUT")],
    maxQuantity: ["maximum quantity", (v) => money(v, "XAUT")],
    dailyLimit: ["daily limit", (v) => money(v, "USDT")],
  };
  const text = <F extends keyof OverridesView>(field: F, v: OverridesView[F] | undefined) =>
    v === null || v === undefined ? "site default" : shown[field][1](v as NonNullable<OverridesView[F]>);
  return (Object.keys(shown) as (keyof OverridesView)[])
    .filter((f) => (before?.[f] ?? null) !== (after?.[f] ?? null))
    .map((f) => `${shown[f][0]} ${text(f, before?.[f])} → ${text(f, after?.[f])}`)
    .join(", ");
}

/** A patch field over the stored one: absent keeps it, null clears it, a value replaces it. */
function merge<P, V>(given: P | null | undefined, current: V | null | undefined, convert: (p: P) => V): V | null {
  if (given === undefined) return current ?? null;
  return given === null ? null : convert(given);
}

async function lockUser(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  if (!user) throw notFound("User not found");
}

async function context(db: Db, userId: string) {
  const [settings, m, [row]] = await Promise.all([
    getSettings(db),
    marketAssets(db),
    db.select().from(tradeConfigs).where(eq(tradeConfigs.userId, userId)),
  ]);
  return { defaults: siteRules(settings, m), m, row: row ?? null };
}

function configView(defaults: TradingRules, row: TradeConfig | null, m: MarketAssets) {
  return {
    overrides: overridesView(row, m),
    defaults: rulesView(defaults, m),
    effective: rulesView(applyOverrides(defaults, row), m),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** A user's overrides, the site defaults and what is in force. */
export async function getTradeConfig(db: Db, userId: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  const { defaults, m, row } = await context(db, userId);
  return configView(defaults, row, m);
}

export interface Actor {
  id: string;
  ip: string | null;
}

/** The overrides a patch leaves, refused (400, naming the field) when they could not be saved. */
function checkedOverrides(
  defaults: TradingRules,
  m: MarketAssets,
  row: TradeConfig | null,
  userId: string,
  patch: TradeConfigPatch,
): Overrides {
  const next: Overrides = {
    enabled: merge(patch.enabled, row?.enabled, (v) => v),
    feeBps: merge(patch.feeBps, row?.feeBps, (v) => v),
    spreadBps: merge(patch.spreadBps, row?.spreadBps, (v) => v),
    minQuantity: merge(patch.minQuantity, row?.minQuantity, (v) => units(v, m.baseDecimals, "minQuantity", "XAUT")),
    maxQuantity: merge(patch.maxQuantity, row?.maxQuantity, (v) => units(v, m.baseDecimals, "maxQuantity", "XAUT")),
    dailyLimit: merge(patch.dailyLimit, row?.dailyLimit, (v) => units(v, m.quoteDecimals, "dailyLimit", "USDT")),
  };
  const effective = applyOverrides(defaults, { ...next, userId, updatedBy: null, updatedAt: new Date() });
  if (effective.minQuantity > effective.maxQuantity) {
    const message = "The minimum quantity cannot be above the maximum quantity";
    throw badRequest(message, { minQuantity: [message] });
  }
  return next;
}

/** Refuses (400) a patch that could not be saved for this user now, writing nothing. */
export async function checkTradeConfig(db: Db, userId: string, patch: TradeConfigPatch): Promise<void> {
  const { defaults, m, row } = await context(db, userId);
  checkedOverrides(defaults, m, row, userId, patch);
}

/**
 * Creates (`create`: refused with 409 when the user has one) or changes a user's overrides,
 * audited with before and after in the caller's transaction.
 */
export async function saveTradeConfig(
  db: Db,
  userId: string,
  patch: TradeConfigPatch,
  actor: Actor,
  mode: "create" | "update",
) {
  await lockUser(db, userId);
  const { defaults, m, row } = await context(db, userId);
  if (mode === "create" && row)
    throw conflict("This user already has a trade config: change it with PUT", "TRADE_CONFIG_EXISTS");
  const next = checkedOverrides(defaults, m, row, userId, patch);
  const values = { ...next, updatedBy: actor.id, updatedAt: new Date() };
  const [saved] = await db
    .insert(tradeConfigs)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: tradeConfigs.userId, set: values })
    .returning();
  await audit(db, {
    actorId: actor.id,
    action: "user.trade_config.update",
    target: { type: "user", id: userId },
    detail: { before: overridesView(row, m), after: overridesView(saved!, m) },
    ip: actor.ip,
  });
  const changes = changesText(overridesView(row, m), overridesView(saved!, m));
  if (changes)
    await recordActivity(db, { userId, kind: "trade_config.changed", facts: { changes }, supportId: actor.id });
  return configView(defaults, saved!, m);
}

/** Returns the user to the site defaults (404 when there were no overrides), audited. */
export async function deleteTradeConfig(db: Db, userId: string, actor: Actor) {
  await lockUser(db, userId);
  const { defaults, m, row } = await context(db, userId);
  if (!row) throw notFound("This user has no trade config: the site defaults apply");
  await db.delete(tradeConfigs).where(eq(tradeConfigs.userId, userId));
  await audit(db, {
    actorId: actor.id,
    action: "user.trade_config.delete",
    target: { type: "user", id: userId },
    detail: { before: overridesView(row, m) },
    ip: actor.ip,
  });
  await recordActivity(db, { userId, kind: "trade_config.reset", facts: {}, supportId: actor.id });
  return configView(defaults, null, m);
}
