import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { supportConversations, supportMessages } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { announceToSupport } from "./announce";
import { takeUserHit } from "./limits";
import { ownConversation } from "./read-conversation";
import { conversationView, userMessageView } from "./views";

/**
 * The user writes in their own conversation (another's is a 404). It is support's turn again: the
 * conversation is `open`, a closed one included, since a person who writes back after "closed" has
 * a question that is not settled, and a new conversation would lose what came before.
 */
export async function addUserMessage(tx: Db, params: { userId: string; id: string; message: string; now?: Date }) {
  const { userId, now = new Date() } = params;
  await ownConversation(tx, { userId, id: params.id, lock: true });
  await takeUserHit(tx, userId, "message", now);
  const [message] = await tx
    .insert(supportMessages)
    .values({
      id: newId(),
      conversationId: params.id,
      authorKind: "user",
      authorId: userId,
      body: params.message,
      createdAt: now,
    })
    .returning();
  const [conversation] = await tx
    .update(supportConversations)
    .set({ status: "open", updatedAt: now, lastMessageAt: now })
    .where(eq(supportConversations.id, params.id))
    .returning();
  await announceToSupport(tx, conversation!, null);
  return { conversation: conversationView(conversation!), message: userMessageView(message!) };
}
