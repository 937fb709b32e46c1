import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { NotificationCategory } from "@/db/schema";

/**
 * Queues a notification for every device its user turned push on for, unless they switched its
 * category off for push. In the transaction that writes the notification: the pushes exist exactly
 * when it commits, and lib/push/deliver sends them after (a slow push service never holds it open).
 */
export async function queuePush(
  tx: Db,
  notification: { id: string; userId: string; category: NotificationCategory },
): Promise<void> {
  await tx.execute(sql`
    insert into push_deliveries (id, subscription_id, notification_id)
    select gen_random_uuid(), s.id, ${notification.id}::uuid
    from push_subscriptions s join users u on u.id = s.user_id
    where s.user_id = ${notification.userId}::uuid and not (${notification.category}::text = any(u.push_muted))`);
}

/** The same for every row of a broadcast, in one statement however many users it reached. */
export async function queueBroadcastPush(tx: Db, broadcastId: string, category: NotificationCategory): Promise<void> {
  await tx.execute(sql`
    insert into push_deliveries (id, subscription_id, notification_id)
    select gen_random_uuid(), s.id, n.id
    from notifications n
    join push_subscriptions s on s.user_id = n.user_id
    join users u on u.id = n.user_id
    where n.broadcast_id = ${broadcastId}::uuid and not (${category}::text = any(u.push_muted))`);
}
