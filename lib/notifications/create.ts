import type { Db } from "@/db/client";
import { notifications, type Notification } from "@/db/schema";
import { newId } from "@/lib/ids";
import { publish } from "@/lib/realtime/publish";
import type { NotificationContent } from "./schema";

/**
 * Stores a notification for one user and pushes it to their sockets. Call it with the transaction
 * that does what the notification announces (a deposit credited, an order filled…): the push
 * leaves only if that transaction commits.
 */
export async function createNotification(
  tx: Db,
  input: NotificationContent & { userId: string; senderId?: string | null },
): Promise<Notification> {
  const [row] = await tx
    .insert(notifications)
    .values({ id: newId(), userId: input.userId, title: input.title, message: input.message, senderId: input.senderId ?? null })
    .returning();
  await publish(tx, { to: { userId: input.userId }, event: "notification", data: { id: row!.id, title: row!.title, message: row!.message } });
  return row!;
}
