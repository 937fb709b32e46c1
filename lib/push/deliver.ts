import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { notifications, pushDeliveries, pushSubscriptions } from "@/db/schema";
import { log } from "@/lib/core/log";
import type { Job } from "@/lib/jobs/runner";
import { pushPayload } from "./payload";
import { sendPush, type PushMessage, type PushTarget } from "./transport";

const BATCH = 50;
// Pushes in flight at once: push services answer in tens of milliseconds to seconds, one at a time
// would take a broadcast hours.
const CONCURRENCY = 8;
// A sender that died holding a batch gives it up after this long: longer than a batch can take
// (each push times out after 15 s).
const CLAIM_MS = 5 * 60_000;
// Tries over about two hours (30 s, 1, 2, 4 … 60 min apart), then the push is dropped: it is
// still in the user's notifications.
const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 60 * 60_000;
// A push service keeps a message this long for a device that is off; later it is news no more.
const TTL_SECONDS = 24 * 60 * 60;
const MAX_ERROR_LENGTH = 300;

export type Send = (target: PushTarget, message: PushMessage) => Promise<number>;

/** How long after failing `attempts` times a push is tried again. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LAST_RETRY_MS);

/**
 * Takes up to a batch of due pushes for this sender, in one statement: rows another sender holds are
 * skipped, not waited for, and a claim expires if its sender dies.
 */
async function claimDue(db: Db, now: Date): Promise<{ id: string; attempts: number }[]> {
  const at = now.toISOString();
  return rowsOf(
    db,
    sql`
    update push_deliveries d set claimed_until = ${at}::timestamptz + make_interval(secs => ${CLAIM_MS / 1000})
    from (
      select id from push_deliveries
      where next_attempt_at <= ${at}::timestamptz and (claimed_until is null or claimed_until < ${at}::timestamptz)
      order by next_attempt_at
      limit ${BATCH}
      for update skip locked
    ) due
    where d.id = due.id
    returning d.id, d.attempts`,
  );
}

async function readBatch(db: Db, ids: string[]) {
  return db
    .select({
      id: pushDeliveries.id,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      notification: {
        id: notifications.id,
        title: notifications.title,
        message: notifications.message,
        category: notifications.category,
        antiPhishingCode: notifications.antiPhishingCode,
      },
    })
    .from(pushDeliveries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
    .innerJoin(notifications, eq(notifications.id, pushDeliveries.notificationId))
    .where(inArray(pushDeliveries.id, ids));
}

type Delivery = Awaited<ReturnType<typeof readBatch>>[number];

/**
 * One push and what its answer means: taken (2xx), the device gone (404/410: its subscription is
 * removed, with whatever else was queued for it), or anything else, tried again later. A failure
 * stays with its push: it never reaches the event that caused it.
 */
async function deliverOne(db: Db, d: Delivery, attempts: number, now: Date, send: Send): Promise<void> {
  let status: number;
  try {
    status = await send(d, { payload: JSON.stringify(pushPayload(d.notification)), ttlSeconds: TTL_SECONDS });
  } catch (err) {
    return retryLater(db, d, attempts, now, err instanceof Error ? err.message : String(err));
  }
  if (status >= 200 && status < 300) {
    await db.delete(pushDeliveries).where(eq(pushDeliveries.id, d.id));
    await db.update(pushSubscriptions).set({ lastSentAt: now }).where(eq(pushSubscriptions.id, d.subscriptionId));
  } else if (status === 404 || status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, d.subscriptionId));
    log.info({ subscriptionId: d.subscriptionId, status }, "push subscription expired: removed");
  } else {
    await retryLater(db, d, attempts, now, `the push service answered ${status}`);
  }
}

async function retryLater(db: Db, d: Delivery, attempts: number, now: Date, error: string): Promise<void> {
  const tried = attempts + 1;
  if (tried >= MAX_ATTEMPTS) {
    await db.delete(pushDeliveries).where(eq(pushDeliveries.id, d.id));
    log.warn({ deliveryId: d.id, subscriptionId: d.subscriptionId, error }, "push given up after its last try");
    return;
  }
  await db
    .update(pushDeliveries)
    .set({
      attempts: tried,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(tried)),
      claimedUntil: null,
      lastError: error.slice(0, MAX_ERROR_LENGTH),
    })
    .where(eq(pushDeliveries.id, d.id));
}

/**
 * Sends one batch of due pushes, a few at a time; answers how many it claimed. The rows it claimed
 * but found nothing for (a subscription removed meanwhile) went with it, by the foreign key.
 */
export async function deliverDuePushes(db: Db, now = new Date(), send: Send = sendPush): Promise<number> {
  const claimed = await claimDue(db, now);
  if (claimed.length === 0) return 0;
  const attempts = new Map(claimed.map((c) => [c.id, Number(c.attempts)]));
  const queue = await readBatch(
    db,
    claimed.map((c) => c.id),
  );
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      try {
        await deliverOne(db, d, attempts.get(d.id) ?? 0, now, send);
      } catch (err) {
        // The database failed recording the outcome: the claim expires and the push is tried again.
        log.error({ err, deliveryId: d.id }, "push outcome could not be recorded");
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return claimed.length;
}

// Batches per run: a broadcast drains quickly, and the run still ends well within its lease.
const BATCHES_PER_RUN = 20;

/** Sends queued pushes every second, on one instance at a time. */
export const pushDeliveryJob: Job = {
  name: "push.deliver",
  everyMs: 1_000,
  run: async (db) => {
    for (let i = 0; i < BATCHES_PER_RUN && (await deliverDuePushes(db)) === BATCH; i++);
  },
};
