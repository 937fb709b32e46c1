import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications, users, type Notification, type NotificationCategory } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { queuePush } from "@/lib/push/queue";
import { publish } from "@/lib/realtime/publish";
import type { NotificationContent } from "./schema";
import { deliveredNotification } from "./views";

/**
 * Stores a notification for one user and pushes it to their sockets. Every notification to one
 * user passes here (a broadcast stamps the same column in lib/notifications/send): it carries the
 * user's anti-phishing code as it is now, so the senders never deal with it. Call it with the transaction
 * that does what the notification announces (a deposit credited, an order filled…): the socket
 * event and the Web Push (to the user's devices, unless they switched its category off) leave only
 * if that transaction commits.
 */
export async function createNotification(
  tx: Db,
  input: NotificationContent & { userId: string; category: NotificationCategory; senderId?: string | null },
): Promise<Notification> {
  const [row] = await tx
    .insert(notifications)
    .values({
      id: newId(),
      userId: input.userId,
      title: input.title,
      message: input.message,
      category: input.category,
      senderId: input.senderId ?? null,
      antiPhishingCode: sql`(select ${users.antiPhishingCode} from ${users} where ${users.id} = ${input.userId})`,
    })
    .returning();
  await queuePush(tx, row!);
  await publish(tx, { to: { userId: input.userId }, event: "notification", data: deliveredNotification(row!) });
  return row!;
}
