import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import { notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { queueBroadcastPush } from "@/lib/push/queue";
import { sendEnvelope } from "@/lib/realtime/channel";
import { createNotification } from "./create";
import type { SendNotificationInput } from "./schema";
import { rowsOf } from "@/db/rows";

export interface Sender {
  id: string;
  ip: string | null;
}

export interface SendResult {
  recipients: number;
  /** The notification's id when sent to one user. */
  notificationId: string | null;
  /** Ties the rows of a send to all users together. */
  broadcastId: string | null;
}

/** An administrator's notification to one user or to every active user, audited in the same transaction. */
export async function sendNotification(db: Db, input: SendNotificationInput, sender: Sender): Promise<SendResult> {
  return runTransaction(db, async (tx) => {
    const result = input.userId
      ? await sendToUser(tx, input.userId, input, sender)
      : await sendToAll(tx, input, sender);
    await audit(tx, {
      actorId: sender.id,
      action: "notification.send",
      target: input.userId
        ? { type: "user", id: input.userId }
        : { type: "notification_broadcast", id: result.broadcastId },
      detail: { title: input.title, recipients: result.recipients, notificationId: result.notificationId },
      ip: sender.ip,
    });
    return result;
  });
}

async function sendToUser(tx: Db, userId: string, input: SendNotificationInput, sender: Sender): Promise<SendResult> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  const row = await createNotification(tx, {
    userId,
    title: input.title,
    message: input.message,
    category: "messages",
    senderId: sender.id,
  });
  return { recipients: 1, notificationId: row.id, broadcastId: null };
}

/**
 * One statement writes a row per active user, however many there are, and one more queues their
 * pushes (sent in batches after commit, lib/push/deliver); one small NOTIFY then tells every
 * instance, which looks up the ids of its own connected users' rows.
 */
async function sendToAll(tx: Db, input: SendNotificationInput, sender: Sender): Promise<SendResult> {
  const broadcastId = newId();
  const rows = await rowsOf<{ n: number }>(
    tx,
    sql`
    with sent as (
      insert into notifications (id, user_id, title, message, category, broadcast_id, sender_id, anti_phishing_code)
      select gen_random_uuid(), u.id, ${input.title}, ${input.message}, 'messages', ${broadcastId}, ${sender.id}, u.anti_phishing_code
      from users u where u.status = 'active'
      returning 1
    )
    select count(*)::int as n from sent`,
  );
  await queueBroadcastPush(tx, broadcastId, "messages");
  await sendEnvelope(tx, { kind: "notification-broadcast", broadcastId });
  return { recipients: rows[0]?.n ?? 0, notificationId: null, broadcastId };
}
