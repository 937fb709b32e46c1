import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { verifyPassword } from "@/lib/auth/password";
import { notFound, type AppError } from "@/lib/core/errors";
import { consume, limited, refund, type Limit } from "@/lib/core/rate-limit";

// A session alone must not become a password oracle: five wrong passwords per 15 minutes, per purpose.
const WRONG_PASSWORDS: Limit = { max: 5, windowMs: 15 * 60_000 };

/**
 * Checks a signed-in user's own password before a sensitive change, and returns the hash it matched.
 * The hit is taken before the check and stays when the password is wrong (its own statement, so it
 * outlives the refusal); a right password gives it back. `wrong` is the refusal to throw.
 */
export async function checkOwnPassword(
  db: Db,
  userId: string,
  password: string,
  purpose: string,
  wrong: () => AppError,
): Promise<string> {
  const key = `${purpose}:user:${userId}`;
  const wait = await consume(db, key, WRONG_PASSWORDS);
  if (wait > 0) throw limited("Too many wrong passwords.", wait);
  const [owner] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!owner) throw notFound("User not found");
  if (!(await verifyPassword(owner.passwordHash, password))) throw wrong();
  await refund(db, key, WRONG_PASSWORDS);
  return owner.passwordHash;
}
