import { ECDH } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ADVISORY_LOCKS } from "@/db/advisory-locks";
import type { Db } from "@/db/client";
import { pushSubscriptions, type PushSubscription } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { conflict, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { assertEndpoint } from "./endpoint";

/** Devices one user may have push on for: more is no person's phones and laptops, and each push costs a request. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** A P-256 public key as browsers give it (base64url of the 65-byte uncompressed point), on the curve. */
const p256dhField = z
  .string({ error: "keys.p256dh must be the subscription's P-256 key" })
  .max(128, "keys.p256dh must be the subscription's P-256 key")
  .refine((value) => {
    const point = Buffer.from(value, "base64url");
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value) || point.length !== 65 || point[0] !== 4) return false;
    try {
      // Refuses a point that is not on the curve (nothing could be encrypted to it).
      ECDH.convertKey(point, "prime256v1");
      return true;
    } catch {
      return false;
    }
  }, "keys.p256dh must be the subscription's P-256 key");

const authField = z
  .string({ error: "keys.auth must be the subscription's 16-byte secret" })
  .refine(
    (value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, "base64url").length === 16,
    "keys.auth must be the subscription's 16-byte secret",
  );

/** What `PushSubscription.toJSON()` gives in a browser, less `expirationTime`, which no browser sets. */
export const subscribeSchema = z.object({
  endpoint: z.string({ error: "endpoint must be the push service's URL" }).max(2048, "endpoint is too long"),
  keys: z.object({ p256dh: p256dhField, auth: authField }, { error: "keys must hold p256dh and auth" }),
});

export type SubscribeInput = z.infer<typeof subscribeSchema>;

export const subscriptionView = (s: PushSubscription) => ({
  id: s.id,
  device: s.device,
  // The push service, so two browsers of one kind are told apart.
  service: new URL(s.endpoint).host,
  // Its owner gave it; the screen finds "this device" by it.
  endpoint: s.endpoint,
  createdAt: s.createdAt.toISOString(),
  lastSentAt: s.lastSentAt?.toISOString() ?? null,
});

export type SubscriptionView = ReturnType<typeof subscriptionView>;

/**
 * Turns push on for the browser that gave `input`, for `userId`. The endpoint is checked first (https
 * to public addresses only, lib/push/endpoint). The same endpoint again is the same browser: its row
 * is updated (and moves to this user if another was signed in on it), never doubled.
 */
export async function subscribe(
  db: Db,
  userId: string,
  input: SubscribeInput,
  device: string | null,
): Promise<{ subscription: SubscriptionView; created: boolean }> {
  await assertEndpoint(input.endpoint);
  return runTransaction(db, async (tx) => {
    // Serialises one user's subscribes, so the count below cannot be passed by two at once.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.pushSubscribe}, hashtext(${userId}))`);
    const [existing] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint));
    if (existing?.userId !== userId) {
      const [held] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if ((held?.n ?? 0) >= MAX_SUBSCRIPTIONS_PER_USER)
        throw conflict(
          `Push is on for ${MAX_SUBSCRIPTIONS_PER_USER} devices already: turn it off for one you no longer use first.`,
          "TOO_MANY_PUSH_DEVICES",
        );
    }
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        id: newId(),
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, device },
      })
      .returning();
    return { subscription: subscriptionView(row!), created: !existing };
  });
}

/** The user's devices with push on, oldest first. */
export async function listSubscriptions(db: Db, userId: string): Promise<SubscriptionView[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map(subscriptionView);
}

/** Turns push off for one of the user's devices (what was still queued for it goes too); anyone else's is a 404. */
export async function unsubscribe(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound("Device not found");
}
