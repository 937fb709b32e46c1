import { z } from "zod";
import { roleSchema, setRole } from "@/lib/admin/user-actions";
import { adminsNeedingApproval, targetUser } from "../policy";
import type { Rule } from "../rule";

const payload = roleSchema.extend({ userId: z.uuid() });

/** Granting or removing the administrator role once two administrators are active. */
export const userRole: Rule<z.infer<typeof payload>> = {
  label: "Administrator role",
  payload,
  async review(tx, p) {
    const user = await targetUser(tx, p.userId);
    if (user.role === p.role || !(await adminsNeedingApproval(tx))) return null;
    return {
      summary: p.role === "admin" ? `Make ${user.username} an administrator` : `Remove ${user.username}'s administrator role`,
      changes: [{ label: "Role", before: user.role, after: p.role }],
      userId: user.id,
    };
  },
  async run(tx, { userId, role }, { actor }) {
    const user = await setRole(tx, userId, role, actor);
    return { userId: user.id, role: user.role };
  },
};
