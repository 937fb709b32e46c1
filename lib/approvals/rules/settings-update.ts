import { z } from "zod";
import type { Db } from "@/db/client";
import { lockedSettings, mergedSettings, updateSettings } from "@/lib/settings";
import { settingsPatchSchema, type Settings, type SettingsPatch } from "@/lib/settings/schema";
import { assertUnchanged } from "../policy";
import type { Change, Rule } from "../rule";

/**
 * What one administrator may change alone: how the site looks and whether sign-up is open.
 * Every other setting pays, values or limits money, or is a control (approvals.*): it waits for a
 * second administrator, and so does any setting added later until it is listed here.
 */
const ACTS_AT_ONCE: ReadonlySet<string> = new Set(["siteName", "supportUrl", "registrationOpen"]);
/** Switches that stop something: off at once (an emergency brake), on only with a second administrator. */
const OFF_AT_ONCE: ReadonlySet<string> = new Set(["trading.enabled", "withdrawals.enabled"]);

type Leaf = string | number | boolean | null;

/** Every setting as "section.key" (or "key" at the top) with its value; the logo changes only through its upload. */
function leaves(s: Settings): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  for (const [key, value] of Object.entries(s)) {
    if (key === "logoUrl") continue;
    if (value !== null && typeof value === "object") {
      for (const [inner, v] of Object.entries(value as Record<string, Leaf>)) out.set(`${key}.${inner}`, v);
    } else out.set(key, value as Leaf);
  }
  return out;
}

/** A patch that sets exactly these fields. */
function patchOf(fields: { path: string; after: Leaf }[]): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const { path, after } of fields) {
    const [section, key] = path.split(".");
    if (key === undefined) patch[section!] = after;
    else patch[section!] = { ...(patch[section!] as Record<string, unknown> | undefined), [key]: after };
  }
  return settingsPatchSchema.parse(patch);
}

const leaf = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const field = z.object({ path: z.string().min(1).max(100), before: leaf, after: leaf }).strict();
const payload = z.object({ fields: z.array(field).min(1).max(50) }).strict();
export type SettingsFields = z.infer<typeof payload>;

/**
 * Splits a settings save against the saved settings (read under the row lock): what may act at
 * once, as a patch, and every other changed field with the value it had ("before") and the new one.
 * The whole save is validated first, so neither half can hold what could never be saved.
 */
export async function splitSettingsSave(
  tx: Db,
  patch: SettingsPatch,
): Promise<{ now: SettingsPatch; gated: SettingsFields["fields"] }> {
  const before = await lockedSettings(tx);
  const after = leaves(await mergedSettings(tx, before, patch));
  const now: { path: string; after: Leaf }[] = [];
  const gated: SettingsFields["fields"] = [];
  for (const [path, was] of leaves(before)) {
    const will = after.get(path) ?? null;
    if (JSON.stringify(was) === JSON.stringify(will)) continue;
    if (ACTS_AT_ONCE.has(path) || (OFF_AT_ONCE.has(path) && will === false)) now.push({ path, after: will });
    else gated.push({ path, before: was, after: will });
  }
  return { now: patchOf(now), gated };
}

const shown = (v: Leaf) => (v === null ? "none" : String(v));
const stillAsShown = (fields: SettingsFields["fields"], saved: Settings) => {
  const current = leaves(saved);
  assertUnchanged(fields.map((f) => ({ label: f.path, before: f.before, now: current.get(f.path) ?? null })));
};

/** Settings that pay, value or limit money, or weaken a control: only the fields that change, each with the value the maker saw. */
export const settingsUpdate: Rule<SettingsFields> = {
  label: "Settings",
  payload,
  async review(tx, { fields }) {
    const saved = await lockedSettings(tx);
    stillAsShown(fields, saved);
    await mergedSettings(tx, saved, patchOf(fields));
    const changes: Change[] = fields.map((f) => ({ label: f.path, before: shown(f.before), after: shown(f.after) }));
    return {
      summary: `Change ${fields.length === 1 ? "a setting" : `${fields.length} settings`}: ${fields.map((f) => f.path).join(", ")}`,
      changes,
    };
  },
  async run(tx, { fields }, { actor }) {
    const saved = await updateSettings(tx, patchOf(fields), actor, { check: (before) => stillAsShown(fields, before) });
    const current = leaves(saved);
    return { changed: Object.fromEntries(fields.map((f) => [f.path, current.get(f.path) ?? null])) };
  },
};
