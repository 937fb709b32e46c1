import { z } from "zod";
import type { Db } from "@/db/client";
import { setPasswordHash, setWithdrawPasswordHash } from "@/lib/admin/user-actions";
import { adminsNeedingApproval, targetUser } from "../policy";
import type { Actor, Review, Rule } from "../rule";

// Only ever a hash made when proposing: a proposal is read by every administrator and kept.
const payload = z.object({ userId: z.uuid(), passwordHash: z.string().startsWith("$argon2id$") }).strict();
type Payload = z.infer<typeof payload>;

/**
 * Whoever can reset another administrator's password can sign in as them and be the second pair
 * of eyes: once two administrators exist, resetting another's password waits for a third look.
 */
async function reviewReset(tx: Db, p: Payload, actor: Actor, what: string): Promise<Review<Payload> | null> {
  const user = await targetUser(tx, p.userId);
  if (user.role !== "admin" || user.id === actor.id || !(await adminsNeedingApproval(tx))) return null;
  return {
    summary: `Reset the ${what} of the administrator ${user.username}`,
    changes: [{ label: what[0]!.toUpperCase() + what.slice(1), before: "(kept secret)", after: "(new, kept secret)" }],
    userId: user.id,
  };
}

export const passwordReset: Rule<Payload> = {
  label: "Administrator's password reset",
  payload,
  review: (tx, p, { actor }) => reviewReset(tx, p, actor, "password"),
  run: (tx, p, { actor }) => setPasswordHash(tx, p.userId, p.passwordHash, actor),
};

export const withdrawPasswordReset: Rule<Payload> = {
  label: "Administrator's withdrawal password reset",
  payload,
  review: (tx, p, { actor }) => reviewReset(tx, p, actor, "withdrawal password"),
  async run(tx, p, { actor }) {
    await setWithdrawPasswordHash(tx, p.userId, p.passwordHash, actor);
    return { userId: p.userId };
  },
};
