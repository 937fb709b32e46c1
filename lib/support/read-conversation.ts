import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { supportConversations, supportMessages, type SupportConversation } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { conversationView, userMessageView } from "./views";

/** The caller's own conversation, or 404: another user's is not found, exactly like one that does not exist. */
export async function ownConversation(
  db: Db,
  params: { userId: string; id: string; lock?: boolean },
): Promise<SupportConversation> {
  const select = db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.id, params.id), eq(supportConversations.userId, params.userId)));
  const [row] = params.lock ? await select.for("update") : await select;
  if (!row) throw notFound("Conversation not found");
  return row;
}

/** The messages the user may read: theirs and support's replies, oldest first; never an internal note. */
export async function visibleMessages(db: Db, conversationId: string) {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), eq(supportMessages.internal, false)))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return rows.map(userMessageView);
}

/** One of the caller's conversations with its messages as they read them. */
export async function readConversation(db: Db, params: { userId: string; id: string }) {
  const conversation = await ownConversation(db, params);
  return { conversation: conversationView(conversation), messages: await visibleMessages(db, conversation.id) };
}
