import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeys, type ApiKey } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordActivity } from "@/lib/activity/record";
import { audit } from "@/lib/audit";
import { totpCodeField, hasTwoFactor, limitWrongCodes, spendSecondFactor } from "@/lib/auth/two-factor/verify";
import { isoTime } from "@/lib/core/answers";
import { AppError, forbidden, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { allowedAddress } from "./addresses";
import { API_KEY_SCOPES } from "./routes";
import { encryptApiSecret, newApiSecret } from "./secret";

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_EXPIRY_DAYS = 90;
const MAX_EXPIRY_DAYS = 365;
/** Keys not revoked (expired ones included, until revoked) one user may hold: the list stays one short page. */
export const MAX_KEYS_PER_USER = 20;
const MAX_ALLOWED_ADDRESSES = 20;

const nameField = z.string({ error: "Name the key" }).trim().min(1, "Name the key").max(64, "At most 64 characters");

export const createKeySchema = z.strictObject({
  name: nameField,
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Scopes are "read" and "trade"' }), { error: "Choose at least one scope" })
    .min(1, "Choose at least one scope")
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, "Name each scope once"),
  allowedIps: z
    .array(
      z
        .string()
        .max(64, "Not an address")
        .transform(
          (v, ctx) =>
            allowedAddress(v) ??
            (ctx.addIssue({ code: "custom", message: `"${v}" is not an address or network` }), z.NEVER),
        ),
    )
    .max(MAX_ALLOWED_ADDRESSES, `At most ${MAX_ALLOWED_ADDRESSES} addresses`)
    .optional(),
  expiresInDays: z
    .number()
    .int("Whole days")
    .min(1, "At least 1 day")
    .max(MAX_EXPIRY_DAYS, `At most ${MAX_EXPIRY_DAYS} days`)
    .default(DEFAULT_EXPIRY_DAYS),
  code: totpCodeField,
});

export const renameKeySchema = z.strictObject({ name: nameField });

export type CreateKeyInput = z.infer<typeof createKeySchema>;

/** A key as its owner sees it: never its secret. */
export const keyViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.string()),
  /** The client addresses or networks it may be used from; null for any. */
  allowedIps: z.array(z.string()).nullable(),
  createdAt: isoTime,
  expiresAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  lastUsedIp: z.string().nullable(),
  expired: z.boolean(),
});
export type KeyView = z.infer<typeof keyViewSchema>;

export const keyView = (key: ApiKey, now = Date.now()): KeyView => ({
  id: key.id,
  name: key.name,
  scopes: key.scopes,
  allowedIps: key.allowedIps,
  createdAt: key.createdAt.toISOString(),
  expiresAt: key.expiresAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: key.lastUsedIp,
  expired: key.expiresAt.getTime() <= now,
});

const scopesText = (scopes: string[]) => scopes.join(" and ");

/**
 * Makes a key. Two-factor must be on and `code` the app's current code, used up here: a stolen
 * session alone cannot mint a credential that outlives it. A wrong code counts toward the same
 * per-user limit as other wrong codes. The secret is returned once and kept only encrypted.
 */
export async function createApiKey(
  db: Db,
  userId: string,
  input: CreateKeyInput,
  meta: { ip: string | null },
  now = Date.now(),
): Promise<{ key: KeyView; secret: string }> {
  if (!(await hasTwoFactor(db, userId)))
    throw forbidden("Turn on two-factor sign-in in Security before making an API key", "TWO_FACTOR_REQUIRED");
  return limitWrongCodes(db, userId, "code", now, () =>
    runTransaction(db, async (tx) => {
      if (!(await spendSecondFactor(tx, userId, input.code, now))) return null;
      // Counted under the user's row lock, so two requests at once cannot both take the last place.
      await tx.execute(sql`select 1 from users where id = ${userId} for update`);
      const [{ held } = { held: 0 }] = await tx
        .select({ held: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      if (Number(held) >= MAX_KEYS_PER_USER)
        throw new AppError(
          422,
          "TOO_MANY_API_KEYS",
          `You hold ${MAX_KEYS_PER_USER} API keys: revoke one you no longer use first`,
        );
      const id = newId();
      const secret = newApiSecret();
      const [key] = await tx
        .insert(apiKeys)
        .values({
          id,
          userId,
          name: input.name,
          scopes: input.scopes,
          allowedIps: input.allowedIps && input.allowedIps.length > 0 ? input.allowedIps : null,
          secretEncrypted: encryptApiSecret(secret, id),
          createdAt: new Date(now),
          expiresAt: new Date(now + input.expiresInDays * DAY_MS),
        })
        .returning();
      await recordActivity(tx, {
        userId,
        kind: "api_key.created",
        facts: { name: input.name, scopes: scopesText(input.scopes) },
      });
      await audit(tx, {
        actorId: userId,
        action: "user.api_key.create",
        target: { type: "api_key", id },
        detail: { scopes: input.scopes, allowedIps: key!.allowedIps },
        ip: meta.ip,
      });
      return { key: keyView(key!, now), secret };
    }),
  );
}

/** The user's keys that are not revoked, newest first (at most MAX_KEYS_PER_USER of them). */
export async function listApiKeys(db: Db, userId: string, now = Date.now()): Promise<KeyView[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((k) => keyView(k, now));
}

/** Revokes one of the user's keys: its next request, on any instance, is refused. */
export async function revokeApiKey(db: Db, userId: string, keyId: string, meta: { ip: string | null }): Promise<void> {
  await runTransaction(db, async (tx) => {
    const [key] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!key) throw notFound("API key not found");
    await recordActivity(tx, { userId, kind: "api_key.revoked", facts: { name: key.name } });
    await audit(tx, {
      actorId: userId,
      action: "user.api_key.revoke",
      target: { type: "api_key", id: keyId },
      ip: meta.ip,
    });
  });
}

export async function renameApiKey(db: Db, userId: string, keyId: string, name: string): Promise<KeyView> {
  const [key] = await db
    .update(apiKeys)
    .set({ name })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!key) throw notFound("API key not found");
  return keyView(key);
}
