import { z } from "zod";
import type { User } from "@/db/schema";
import { setStatus, statusSchema } from "@/lib/admin/user-actions";
import { adminsNeedingApproval, assertUnchanged, targetUser } from "../policy";
import type { Rule } from "../rule";

const STATES = ["active", "disabled", "frozen"] as const;
const payload = statusSchema.extend({ userId: z.uuid(), before: z.enum(STATES).optional() });

/** What an account's status reads as: an owner's freeze is a disabled account with `frozenAt`. */
const stateOf = (user: User): (typeof STATES)[number] => (user.frozenAt ? "frozen" : user.status);

/**
 * Disabling, enabling or unfreezing an administrator, once two exist. Disabling takes the role
 * away in practice (one of two could disable the other, then appoint an accomplice alone);
 * enabling or unfreezing brings back an account the actor may hold the password of.
 */
export const userStatus: Rule<z.infer<typeof payload>> = {
  label: "Administrator's account",
  payload,
  async review(tx, p) {
    const user = await targetUser(tx, p.userId);
    const before = stateOf(user);
    if (user.role !== "admin" || before === p.status || !(await adminsNeedingApproval(tx))) return null;
    const verb = p.status === "disabled" ? "Disable" : before === "frozen" ? "Unfreeze" : "Enable";
    return {
      summary: `${verb} the administrator ${user.username}`,
      changes: [{ label: "Status", before, after: p.status }],
      userId: user.id,
      payload: { userId: user.id, status: p.status, before },
    };
  },
  async run(tx, { userId, status, before }, { actor }) {
    if (before) assertUnchanged([{ label: "Status", before, now: stateOf(await targetUser(tx, userId)) }]);
    const user = await setStatus(tx, userId, status, actor);
    return { userId: user.id, status: user.status };
  },
};
