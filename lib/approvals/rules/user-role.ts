import { z } from "zod";
import { roleSchema, setRole } from "@/lib/admin/user-actions";
import { assertAdminsRemain } from "@/lib/auth/admins";
import { adminsNeedingApproval, assertUnchanged, targetUser } from "../policy";
import type { Rule } from "../rule";

const payload = roleSchema.extend({ userId: z.uuid(), before: z.enum(["user", "admin"]).optional() });

/** Granting or removing the administrator role once two administrators exist. */
export const userRole: Rule<z.infer<typeof payload>> = {
  label: "Administrator role",
  payload,
  async review(tx, p) {
    const user = await targetUser(tx, p.userId);
    if (user.role === p.role || !(await adminsNeedingApproval(tx))) return null;
    // Refused now rather than proposed: it could never be approved.
    if (user.role === "admin") await assertAdminsRemain(tx);
    return {
      summary:
        p.role === "admin" ? `Make ${user.username} an administrator` : `Remove ${user.username}'s administrator role`,
      changes: [{ label: "Role", before: user.role, after: p.role }],
      userId: user.id,
      reason: p.reason ?? null,
      payload: { userId: user.id, role: p.role, before: user.role, ...(p.reason ? { reason: p.reason } : {}) },
    };
  },
  async run(tx, { userId, role, before, reason }, { actor }) {
    if (before) assertUnchanged([{ label: "Role", before, now: (await targetUser(tx, userId)).role }]);
    const user = await setRole(tx, userId, role, actor, reason ?? null);
    return { userId: user.id, role: user.role };
  },
};
