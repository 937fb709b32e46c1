import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { deposits, supportConversations, supportMessages, users, withdrawals } from "@/db/schema";
import { depositView, withdrawalView } from "@/lib/funding/views";
import { decimalsByAsset } from "@/lib/funding/wallets";
import { notFound } from "@/lib/core/errors";
import { queueView, supportMessageView } from "./views";

const owner = alias(users, "owner");
const assignee = alias(users, "assignee");
const author = alias(users, "author");

/** The related deposit or withdrawal as support needs to see it (amount, status, reason). */
async function relatedItem(db: Db, kind: "deposit" | "withdrawal" | null, id: string | null) {
  if (!kind || !id) return null;
  const decimalsOf = await decimalsByAsset(db);
  if (kind === "deposit") {
    const [d] = await db.select().from(deposits).where(eq(deposits.id, id));
    return d ? { kind, ...depositView(d, decimalsOf(d.currency)) } : null;
  }
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return w ? { kind, ...withdrawalView(w, decimalsOf(w.currency)) } : null;
}

/** A conversation as support reads it: every message, internal notes marked, who wrote each, the item it is about. */
export async function adminConversation(db: Db, params: { id: string }) {
  const [row] = await db
    .select({ c: supportConversations, username: owner.username, assignee: assignee.username })
    .from(supportConversations)
    .leftJoin(owner, eq(owner.id, supportConversations.userId))
    .leftJoin(assignee, eq(assignee.id, supportConversations.assignedTo))
    .where(eq(supportConversations.id, params.id));
  if (!row) throw notFound("Conversation not found");
  const messages = await db
    .select({ m: supportMessages, adminName: author.username })
    .from(supportMessages)
    .leftJoin(author, eq(author.id, supportMessages.authorId))
    .where(eq(supportMessages.conversationId, params.id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return {
    conversation: queueView(row.c, { username: row.username, assignee: row.assignee }),
    relatedItem: await relatedItem(db, row.c.relatedKind, row.c.relatedId),
    messages: messages.map((r) => supportMessageView(r.m, r.adminName)),
  };
}
