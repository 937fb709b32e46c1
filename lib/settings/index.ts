import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { settings } from "@/db/schema";
import { isTransaction, runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import { listAssets } from "@/lib/ledger/assets";
import { validate } from "@/lib/core/validate";
import { announceSettingsChange, cachedSettings, forgetSettings } from "./cache";
import { savedSettingsSchema, settingsSchema, type Settings, type SettingsPatch } from "./schema";

/** Kept settings are shared by every caller, so none may change them in place. */
function frozen<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The site's settings. Kept by a server that watches for changes (see ./cache), so within a
 * transaction that changes them, read the row itself, as updateSettings does.
 */
export function getSettings(db: Db): Promise<Settings> {
  return cachedSettings(async () => {
    const [row] = await db.select({ data: settings.data }).from(settings).where(eq(settings.id, 1));
    return frozen(settingsSchema.parse(row?.data ?? {}));
  }, isTransaction(db));
}

async function save(db: Db, data: Settings, actorId: string): Promise<void> {
  await announceSettingsChange(db);
  await db
    .insert(settings)
    .values({ id: 1, data, updatedBy: actorId, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.id, set: { data, updatedBy: actorId, updatedAt: new Date() } });
}

/** The settings as saved, read from the row itself (not the cache) and locked until the transaction ends. */
export async function lockedSettings(tx: Db): Promise<Settings> {
  const [row] = await tx.select({ data: settings.data }).from(settings).where(eq(settings.id, 1)).for("update");
  return settingsSchema.parse(row?.data ?? {});
}

/** `before` with a patch merged in, validated whole by the rules for saving (400 when it breaks one). */
export async function mergedSettings(db: Db, before: Settings, patch: SettingsPatch): Promise<Settings> {
  const assets = await listAssets(db);
  const decimals = new Map(assets.map((a) => [a.code, a.decimals]));
  const widest = Math.max(...assets.map((a) => a.decimals));
  const schema = savedSettingsSchema((asset) => decimals.get(asset) ?? widest);
  const merged = {
    ...before,
    ...patch,
    trading: { ...before.trading, ...patch.trading },
    withdrawals: { ...before.withdrawals, ...patch.withdrawals },
    storage: { ...before.storage, ...patch.storage },
    referral: { ...before.referral, ...patch.referral },
    approvals: { ...before.approvals, ...patch.approvals },
    support: { ...before.support, ...patch.support },
  };
  return validate(schema, merged);
}

/**
 * Merges a patch into the settings, validates the whole, saves it and audits before/after.
 * `check` sees the saved settings under the row lock before anything is written, and may refuse
 * (an approval whose "before" values moved).
 */
export async function updateSettings(
  db: Db,
  patch: SettingsPatch,
  actor: { id: string; ip: string | null },
  options: { check?: (before: Settings) => void } = {},
): Promise<Settings> {
  const saved = await runTransaction(db, async (tx) => {
    // Lock the row so two admins saving at once do not overwrite each other's sections.
    const before = await lockedSettings(tx);
    options.check?.(before);
    const after = await mergedSettings(tx, before, patch);
    await save(tx, after, actor.id);
    await audit(tx, {
      actorId: actor.id,
      action: "settings.update",
      target: { type: "settings" },
      detail: { before, after },
      ip: actor.ip,
    });
    return after;
  });
  // Every instance forgets them when the NOTIFY arrives; this one at once, so its next answer has them.
  forgetSettings();
  return saved;
}

/** Points the settings at a newly uploaded logo. */
export async function setLogoUrl(db: Db, logoUrl: string, actor: { id: string; ip: string | null }): Promise<Settings> {
  const saved = await runTransaction(db, async (tx) => {
    const [row] = await tx.select({ data: settings.data }).from(settings).where(eq(settings.id, 1)).for("update");
    const before = settingsSchema.parse(row?.data ?? {});
    const after = { ...before, logoUrl };
    await save(tx, after, actor.id);
    await audit(tx, {
      actorId: actor.id,
      action: "settings.logo",
      target: { type: "settings" },
      detail: { before: before.logoUrl, after: logoUrl },
      ip: actor.ip,
    });
    return after;
  });
  forgetSettings();
  return saved;
}
