import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { Env } from "@/lib/core/env";
import { AppError } from "@/lib/core/errors";
import { insertUser } from "./register";

/**
 * On a database with no administrator, creates one from ADMIN_USERNAME / ADMIN_PASSWORD, or with
 * a generated password that is returned so the caller can print it, once.
 */
export async function ensureAdmin(
  db: Db,
  env: Pick<Env, "ADMIN_USERNAME" | "ADMIN_EMAIL" | "ADMIN_PASSWORD">,
): Promise<{ username: string; generatedPassword?: string } | null> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (existing) return null;
  const generatedPassword = env.ADMIN_PASSWORD ? undefined : randomBytes(15).toString("base64url");
  try {
    await insertUser(db, {
      username: env.ADMIN_USERNAME,
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD ?? generatedPassword!,
      role: "admin",
    });
  } catch (err) {
    // Another instance starting at the same moment created it first.
    if (err instanceof AppError && err.status === 409) return null;
    throw err;
  }
  return { username: env.ADMIN_USERNAME, generatedPassword };
}
