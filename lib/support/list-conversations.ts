import { count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { supportConversations } from "@/db/schema";
import { onePage, pageInfo, type Pagination } from "@/lib/core/query";
import { conversationView } from "./views";

/** The caller's own conversations, the latest message first. */
export async function listConversations(db: Db, params: { userId: string; page: Pagination }) {
  const { userId, page } = params;
  const mine = eq(supportConversations.userId, userId);
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select()
        .from(supportConversations)
        .where(mine)
        .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
        .$dynamic(),
      page,
    ),
    db.select({ n: count() }).from(supportConversations).where(mine),
  ]);
  return { conversations: rows.map(conversationView), ...pageInfo(page, total) };
}
