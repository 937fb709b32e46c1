import type { Db } from "@/db/client";
import { supportConversations, supportMessages } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { announceToSupport } from "./announce";
import type { OpenConversationInput } from "./input";
import { takeUserHit } from "./limits";
import { ownRelated } from "./related";
import { conversationView, userMessageView } from "./views";

/**
 * A signed-in user opens a conversation with its first message, about one of their own deposits or
 * withdrawals if `relatedId` names one. Call it in one transaction (with its idempotency claim): the
 * conversation, its message, the user's hourly count and the announcement to support commit together.
 */
export async function openConversation(tx: Db, params: { userId: string; input: OpenConversationInput; now?: Date }) {
  const { userId, input, now = new Date() } = params;
  const related = input.relatedId ? await ownRelated(tx, userId, input.relatedId) : null;
  await takeUserHit(tx, userId, "conversation", now);
  const [conversation] = await tx
    .insert(supportConversations)
    .values({
      id: newId(),
      userId,
      subject: input.subject,
      status: "open",
      relatedKind: related?.kind ?? null,
      relatedId: related?.id ?? null,
      createdAt: now,
      updatedAt: now,
      lastMessageAt: now,
    })
    .returning();
  const [message] = await tx
    .insert(supportMessages)
    .values({
      id: newId(),
      conversationId: conversation!.id,
      authorKind: "user",
      authorId: userId,
      body: input.message,
      createdAt: now,
    })
    .returning();
  await announceToSupport(tx, conversation!, null);
  return { conversation: conversationView(conversation!), messages: [userMessageView(message!)] };
}
