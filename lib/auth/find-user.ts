import { or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users, type User } from "@/db/schema";

/** The account a sign-in or reset names, by username or email (`identifier` already lowercased). */
export async function findUserByName(db: Db, identifier: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${identifier}`, sql`lower(${users.email}) = ${identifier}`))
    .limit(1);
  return user;
}
