import { and, eq, exists, or, sql, type Column, type Placeholder } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, twoFactor, users, type User } from "@/db/schema";
import { twoFactorOn } from "./two-factor/verify";

const byName = (identifier: string | Placeholder) =>
  or(sql`lower(${users.username}) = ${identifier}`, sql`lower(${users.email}) = ${identifier}`);

/** The account a sign-in or reset names, by username or email (`identifier` already lowercased). */
export async function findUserByName(db: Db, identifier: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(byName(identifier)).limit(1);
  return user;
}

/** Sessions of `userId` held from `ip` (revoked and expired ones included). */
export const sessionsFrom = (userId: string | Column, ip: string | Placeholder) =>
  and(eq(sessions.userId, userId), eq(sessions.ip, ip));

const signInLookup = (db: Db) =>
  db
    .select({
      user: users,
      knownAddress: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(sessions)
          .where(sessionsFrom(users.id, sql.placeholder("ip"))),
      )}`,
      twoFactor: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(twoFactor)
          .where(twoFactorOn(users.id)),
      )}`,
    })
    .from(users)
    .where(byName(sql.placeholder("identifier")))
    .limit(1)
    .prepare("sign_in_account");

// Built once per database handle: building this query each time cost more than running it.
const lookups = new WeakMap<Db, ReturnType<typeof signInLookup>>();

/**
 * The account a sign-in names, with what the sign-in needs to know before the password is checked,
 * in one query: whether `ip` has held a session of it (the address is then exempt from the shared
 * limits), and whether two-factor is on.
 */
export async function findSignInAccount(
  db: Db,
  identifier: string,
  ip: string,
): Promise<{ user: User; knownAddress: boolean; twoFactor: boolean } | undefined> {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = signInLookup(db)));
  const [row] = await lookup.execute({ identifier, ip });
  return row;
}
