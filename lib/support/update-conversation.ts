import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { supportConversations, type SupportConversation } from "@/db/schema";
import { audit } from "@/lib/audit";
import { notFound } from "@/lib/core/errors";
import { announceToSupport, announceToUser } from "./announce";
import type { UpdateConversationInput } from "./input";
import { queueView } from "./views";

type Actor = { id: string; ip: string | null };

/**
 * Support closes or reopens a conversation, or takes it (assignToMe: true) or lets it go (false).
 * A no-op (closing a closed one) changes and audits nothing. Reopening makes it support's turn
 * (`open`). Each change is audited in the same transaction; the user's screens follow a status change.
 */
export async function updateConversation(
  tx: Db,
  params: { id: string; input: UpdateConversationInput; actor: Actor; now?: Date },
) {
  const { input, actor, now = new Date() } = params;
  const [before] = await tx
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.id, params.id))
    .for("update");
  if (!before) throw notFound("Conversation not found");
  const change: Partial<SupportConversation> = {};
  if (input.status && input.status !== before.status && !(input.status === "open" && before.status === "answered"))
    change.status = input.status;
  const assignedTo = input.assignToMe === undefined ? before.assignedTo : input.assignToMe ? actor.id : null;
  if (assignedTo !== before.assignedTo) change.assignedTo = assignedTo;
  if (Object.keys(change).length === 0)
    return { conversation: queueView(before, { username: null, assignee: null }), changed: false };

  const [after] = await tx
    .update(supportConversations)
    .set({ ...change, updatedAt: now })
    .where(eq(supportConversations.id, before.id))
    .returning();
  const target = { type: "support_conversation", id: before.id };
  if (change.status)
    await audit(tx, {
      actorId: actor.id,
      action: change.status === "closed" ? "support.close" : "support.reopen",
      target,
      detail: { userId: before.userId, statusBefore: before.status },
      ip: actor.ip,
    });
  if (change.assignedTo !== undefined)
    await audit(tx, {
      actorId: actor.id,
      action: change.assignedTo ? "support.assign" : "support.unassign",
      target,
      detail: { userId: before.userId, assignedBefore: before.assignedTo },
      ip: actor.ip,
    });
  if (change.status && after!.userId) await announceToUser(tx, after!.userId, after!);
  await announceToSupport(tx, after!, actor.id);
  return { conversation: queueView(after!, { username: null, assignee: null }), changed: true };
}
