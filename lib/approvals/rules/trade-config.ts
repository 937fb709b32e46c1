import { z } from "zod";
import type { Db } from "@/db/client";
import { percentText } from "@/lib/core/format";
import { conflict } from "@/lib/core/errors";
import {
  checkTradeConfig,
  currentOverrides,
  deleteTradeConfig,
  overrideAmount,
  saveTradeConfig,
  tradeConfigSchema,
  type OverridesView,
  type TradeConfigPatch,
} from "@/lib/trading/trade-config";
import { RULE_KEYS } from "@/lib/trading/config";
import { assertUnchanged, targetUser } from "../policy";
import type { Change, Rule } from "../rule";

type Field = (typeof RULE_KEYS)[number];
type Value = string | number | boolean | null;

const LABELS: Record<Field, string> = {
  enabled: "Trading",
  feeBps: "Fee",
  spreadBps: "Spread",
  minQuantity: "Minimum quantity",
  maxQuantity: "Maximum quantity",
  dailyLimit: "Daily limit",
};
const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const payload = z
  .object({
    userId: z.uuid(),
    reset: z.boolean(),
    fields: z
      .array(z.object({ field: z.enum(RULE_KEYS), before: value, after: value }).strict())
      .min(1)
      .max(RULE_KEYS.length),
  })
  .strict();
export type TradeConfigFields = z.infer<typeof payload>["fields"];

const NONE: OverridesView = {
  enabled: null,
  feeBps: null,
  spreadBps: null,
  minQuantity: null,
  maxQuantity: null,
  dailyLimit: null,
};

/** A patch that sets exactly these fields (null: back to the site default). */
function patchOf(fields: TradeConfigFields): TradeConfigPatch {
  return tradeConfigSchema.parse(Object.fromEntries(fields.map((f) => [f.field, f.after])));
}

/**
 * A user's trading overrides price and limit that user's money as the site settings do for everyone
 * (a fee or spread of 0, a daily limit of millions, a spread that values XAUT low for the daily
 * withdrawal limit): a change waits for a second administrator, unless all it does is switch the
 * user's trading off. The fields a save (or, with "reset", clearing every override) would change,
 * each with the value it has now; null when it may act at once. Refused now (400, 409) when it
 * could never be saved.
 */
export async function tradeConfigChanges(
  tx: Db,
  userId: string,
  patch: TradeConfigPatch | "reset",
  mode: "create" | "update",
): Promise<TradeConfigFields | null> {
  const { overrides, m } = await currentOverrides(tx, userId);
  if (mode === "create" && overrides)
    throw conflict("This user already has a trade config: change it with PUT", "TRADE_CONFIG_EXISTS");
  if (patch !== "reset") await checkTradeConfig(tx, userId, patch);
  const current = overrides ?? NONE;
  const wanted: Partial<Record<Field, Value>> =
    patch === "reset"
      ? Object.fromEntries(RULE_KEYS.map((k) => [k, null]))
      : Object.fromEntries(
          Object.entries(patch).map(([k, v]) => [
            k,
            typeof v === "string" ? overrideAmount(v, k as "minQuantity" | "maxQuantity" | "dailyLimit", m) : v,
          ]),
        );
  const fields: TradeConfigFields = RULE_KEYS.filter((f) => f in wanted && (wanted[f] ?? null) !== current[f]).map(
    (f) => ({ field: f, before: current[f], after: wanted[f] ?? null }),
  );
  const onlySwitchesOff = fields.every((f) => f.field === "enabled" && f.after === false);
  return onlySwitchesOff ? null : fields;
}

const shown = (field: Field, v: Value) => {
  if (v === null) return "site default";
  if (field === "enabled") return v ? "on" : "off";
  if (field === "feeBps" || field === "spreadBps") return percentText(Number(v));
  return `${String(v)} ${field === "dailyLimit" ? "USDT" : "XAUT"}`;
};

const stillAsShown = async (tx: Db, userId: string, fields: TradeConfigFields) => {
  const current = (await currentOverrides(tx, userId)).overrides ?? NONE;
  assertUnchanged(fields.map((f) => ({ label: LABELS[f.field], before: f.before, now: current[f.field] })));
};

export const tradeConfigSave: Rule<z.infer<typeof payload>> = {
  label: "A user's trading settings",
  payload,
  async review(tx, { userId, reset, fields }) {
    const user = await targetUser(tx, userId);
    await stillAsShown(tx, userId, fields);
    const changes: Change[] = fields.map((f) => ({
      label: LABELS[f.field],
      before: shown(f.field, f.before),
      after: shown(f.field, f.after),
    }));
    return {
      summary: reset
        ? `Return ${user.username}'s trading settings to the site defaults`
        : `Change ${user.username}'s trading settings`,
      changes,
      userId,
    };
  },
  async run(tx, { userId, reset, fields }, { actor }) {
    await stillAsShown(tx, userId, fields);
    const config = reset
      ? await deleteTradeConfig(tx, userId, actor)
      : await saveTradeConfig(tx, userId, patchOf(fields), actor, "update");
    return { userId, overrides: config.overrides };
  },
};
