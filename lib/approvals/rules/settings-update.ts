import type { z } from "zod";
import { getSettings, updateSettings } from "@/lib/settings";
import { settingsPatchSchema } from "@/lib/settings/schema";
import type { Rule } from "../rule";

/** A settings save that changes the approval rules. */
export const settingsUpdate: Rule<z.infer<typeof settingsPatchSchema>> = {
  label: "Approval rules",
  payload: settingsPatchSchema,
  async review(tx, patch) {
    if (!patch.approvals) return null;
    const before: Record<string, unknown> = (await getSettings(tx)).approvals;
    const after: Record<string, unknown> = { ...before, ...patch.approvals };
    const changed = Object.keys(after).filter((k) => String(after[k]) !== String(before[k]));
    if (changed.length === 0) return null;
    return {
      summary: "Change the approval rules",
      changes: changed.map((k) => ({ label: `approvals.${k}`, before: String(before[k] ?? "none"), after: String(after[k]) })),
    };
  },
  async run(tx, patch, { actor }) {
    const saved = await updateSettings(tx, patch, actor);
    return { approvals: saved.approvals };
  },
};
