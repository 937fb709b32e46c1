import { or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError, forbidden } from "@/lib/http/errors";
import { clearHits, limited, recordHit, retryAfter, type Limit } from "@/lib/rate-limit";
import { burnPasswordCheck, verifyPassword } from "./password";
import { MAX_PASSWORD_LENGTH } from "./register-rules";
import { createSession } from "./sessions";

export const loginPayloadSchema = z.object({
  usernameOrEmail: z
    .string({ error: "Please enter your username or email" })
    .trim()
    .min(1, "Please enter your username or email")
    .max(254, "Invalid credentials"),
  password: z
    .string({ error: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(MAX_PASSWORD_LENGTH, "Invalid credentials"),
});

export type LoginPayload = z.infer<typeof loginPayloadSchema>;

// Failures only: per account name (guessing one password) and per address (spraying many accounts).
const ACCOUNT_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };
const IP_LIMIT: Limit = { max: 50, windowMs: 15 * 60_000 };

export const INVALID_CREDENTIALS = "Invalid credentials";

export async function login(db: Db, payload: LoginPayload, meta: { ip: string; userAgent: string | null }) {
  const identifier = payload.usernameOrEmail.toLowerCase();
  const accountKey = `login:account:${identifier}`;
  const ipKey = `login:ip:${meta.ip}`;
  const wait = Math.max(await retryAfter(db, accountKey, ACCOUNT_LIMIT), await retryAfter(db, ipKey, IP_LIMIT));
  if (wait > 0) throw limited("Too many failed sign-in attempts.", wait);

  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${identifier}`, sql`lower(${users.email}) = ${identifier}`))
    .limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, payload.password) : await burnPasswordCheck(payload.password).then(() => false);
  if (!user || !valid) {
    await recordHit(db, accountKey, ACCOUNT_LIMIT);
    await recordHit(db, ipKey, IP_LIMIT);
    // One answer for an unknown user and a wrong password: names are not for probing.
    throw new AppError(401, "INVALID_CREDENTIALS", INVALID_CREDENTIALS);
  }
  if (user.status !== "active") {
    throw forbidden("This account is disabled. Please contact customer service.", "ACCOUNT_DISABLED");
  }
  await clearHits(db, accountKey);
  const { token } = await createSession(db, user, meta);
  return { user, token };
}
