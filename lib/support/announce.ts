import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users, type SupportConversation } from "@/db/schema";
import { publish } from "@/lib/realtime/publish";

/**
 * Tells every active administrator (but the one acting, whose screen follows its own answer) that a
 * conversation changed, at commit: their queue and open threads follow. Carries no message text.
 */
export async function announceToSupport(
  tx: Db,
  conversation: Pick<SupportConversation, "id" | "status">,
  actorId: string | null,
): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      actorId
        ? and(eq(users.role, "admin"), eq(users.status, "active"), ne(users.id, actorId))
        : and(eq(users.role, "admin"), eq(users.status, "active")),
    );
  for (const admin of admins) {
    await publish(tx, {
      to: { userId: admin.id },
      event: "support",
      data: { id: conversation.id, status: conversation.status },
    });
  }
}

/** Tells the user's open screens that their conversation changed (a reply, a status), at commit. */
export async function announceToUser(
  tx: Db,
  userId: string,
  conversation: Pick<SupportConversation, "id" | "status">,
): Promise<void> {
  await publish(tx, { to: { userId }, event: "support", data: { id: conversation.id, status: conversation.status } });
}
