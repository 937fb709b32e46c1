import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { uniqueViolation } from "@/db/errors";
import { users, type User } from "@/db/schema";
import { readEnv } from "@/lib/core/env";
import { badRequest, conflict, forbidden } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { consume, limited, type Limit } from "@/lib/core/rate-limit";
import { HOUR_MS } from "@/lib/core/time";
import { getSettings } from "@/lib/settings";
import { hashPassword } from "./password";
import type { RegisterPayload } from "./register-rules";
import { createSession } from "./sessions";

// No 0/O or 1/I: codes are read aloud and typed by hand.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function referralCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

async function assertAvailable(db: Db, username: string, email: string): Promise<void> {
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (byName)
    throw conflict("This username is already taken", "USERNAME_TAKEN", {
      username: ["This username is already taken"],
    });
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (byEmail)
    throw conflict("This email is already registered", "EMAIL_TAKEN", { email: ["This email is already registered"] });
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
  role?: User["role"];
  country?: string | null;
  phoneCode?: string | null;
  phoneNumber?: string | null;
  referredBy?: string | null;
}

/** Inserts a user; a name or email taken meanwhile by a concurrent sign-up is a 409, not a 500. */
export async function insertUser(db: Db, input: NewUser): Promise<User> {
  await assertAvailable(db, input.username, input.email);
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    try {
      const [user] = await db
        .insert(users)
        .values({
          id: newId(),
          username: input.username,
          email: input.email,
          country: input.country ?? null,
          phoneCode: input.phoneCode ?? null,
          phoneNumber: input.phoneNumber ?? null,
          passwordHash,
          role: input.role ?? "user",
          referralCode: referralCode(),
          referredBy: input.referredBy ?? null,
        })
        .returning();
      return user!;
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (constraint.includes("referral") && attempt < 5) continue;
      await assertAvailable(db, input.username, input.email);
      throw err;
    }
  }
}

/**
 * Registers a user and signs them in, as the spec's 1-second redirect to / expects. Sign-ups per
 * address are limited (REGISTRATIONS_PER_IP_PER_HOUR), counted before the password is hashed: a
 * refused one (a taken name) counts too, so the 409 cannot be used to probe for accounts for free.
 */
export async function registerUser(
  db: Db,
  payload: RegisterPayload,
  meta: { ip: string | null; userAgent: string | null },
) {
  if (!(await getSettings(db)).registrationOpen)
    throw forbidden("Registration is closed at the moment", "REGISTRATION_CLOSED");
  const limitKey = `register:ip:${meta.ip ?? "unknown"}`;
  const limit: Limit = { max: readEnv().REGISTRATIONS_PER_IP_PER_HOUR, windowMs: HOUR_MS };
  const wait = await consume(db, limitKey, limit);
  if (wait > 0) throw limited("Too many accounts were opened from your network.", wait);
  let referredBy: string | null = null;
  if (payload.referralCode) {
    const [referrer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, payload.referralCode));
    if (!referrer)
      throw badRequest("Referral code not found", { referralCode: ["Referral code not found"] }, "REFERRAL_NOT_FOUND");
    referredBy = referrer.id;
  }
  const user = await insertUser(db, {
    username: payload.username,
    email: payload.email.toLowerCase(),
    password: payload.password,
    country: payload.country.toUpperCase(),
    phoneCode: payload.phoneCode,
    phoneNumber: payload.phoneNumber.replace(/[ -]/g, ""),
    referredBy,
  });
  const { token } = await createSession(db, user, meta);
  return { user, token };
}
