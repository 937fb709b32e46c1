import { z } from "zod";
import { setStatus, statusSchema } from "@/lib/admin/user-actions";
import { adminsNeedingApproval, targetUser } from "../policy";
import type { Rule } from "../rule";

const payload = statusSchema.extend({ userId: z.uuid() });

// Disabling an administrator takes their role away in practice: without this, one of two could
// disable the other and then appoint a second of their own choosing alone.
export const userStatus: Rule<z.infer<typeof payload>> = {
  label: "Administrator disabled",
  payload,
  async review(tx, p) {
    const user = await targetUser(tx, p.userId);
    if (user.role !== "admin" || user.status !== "active" || p.status !== "disabled" || !(await adminsNeedingApproval(tx))) return null;
    return { summary: `Disable the administrator ${user.username}`, changes: [{ label: "Status", before: user.status, after: p.status }], userId: user.id };
  },
  async run(tx, { userId, status }, { actor }) {
    const user = await setStatus(tx, userId, status, actor);
    return { userId: user.id, status: user.status };
  },
};
