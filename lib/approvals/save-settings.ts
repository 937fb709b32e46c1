import type { Db } from "@/db/client";
import { lockedSettings, updateSettings } from "@/lib/settings";
import type { Settings, SettingsPatch } from "@/lib/settings/schema";
import { proposalFor, type ProposalView } from "./proposals";
import type { Actor } from "./rule";
import { splitSettingsSave } from "./rules/settings-update";

/**
 * An administrator's settings save: what may act at once is saved now, every other changed
 * field becomes one proposal (see rules/settings-update). Call it in one transaction.
 */
export async function saveSettings(
  tx: Db,
  patch: SettingsPatch,
  actor: Actor,
  now = new Date(),
): Promise<{ config: Settings; saved: string[]; proposal: ProposalView | null }> {
  const { now: immediate, gated } = await splitSettingsSave(tx, patch);
  const saved = Object.entries(immediate).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? Object.keys(v).map((inner) => `${k}.${inner}`) : [k],
  );
  const config = saved.length > 0 ? await updateSettings(tx, immediate, actor) : await lockedSettings(tx);
  const proposal = gated.length > 0 ? await proposalFor(tx, "settings.update", { fields: gated }, actor, now) : null;
  return { config, saved, proposal };
}
