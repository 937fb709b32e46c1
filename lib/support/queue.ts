import { asc, count, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "@/db/client";
import { SUPPORT_STATUSES, supportConversations, users } from "@/db/schema";
import { onePage, pageInfo, paginationSchema, queryParam } from "@/lib/core/query";
import { queueView } from "./views";

export const supportQueueQuerySchema = paginationSchema.extend({
  status: queryParam(
    z.enum([...SUPPORT_STATUSES, "all"], { error: "status must be open, answered, closed or all" }).default("open"),
  ),
});

export type SupportQueueQuery = z.infer<typeof supportQueueQuerySchema>;

const owner = alias(users, "owner");
const assignee = alias(users, "assignee");

/**
 * Support's queue by status. Open conversations wait for support: the one waiting longest first.
 * The others, the latest first. Paged (at most 100 a page, lib/core/query).
 */
export async function supportQueue(db: Db, q: SupportQueueQuery) {
  const where: SQL | undefined = q.status === "all" ? undefined : eq(supportConversations.status, q.status);
  const order =
    q.status === "open"
      ? [asc(supportConversations.lastMessageAt), asc(supportConversations.id)]
      : [desc(supportConversations.lastMessageAt), desc(supportConversations.id)];
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({ c: supportConversations, username: owner.username, assignee: assignee.username })
        .from(supportConversations)
        .leftJoin(owner, eq(owner.id, supportConversations.userId))
        .leftJoin(assignee, eq(assignee.id, supportConversations.assignedTo))
        .where(where)
        .orderBy(...order)
        .$dynamic(),
      q,
    ),
    db.select({ n: count() }).from(supportConversations).where(where),
  ]);
  return {
    conversations: rows.map((r) => queueView(r.c, { username: r.username, assignee: r.assignee })),
    ...pageInfo(q, total),
  };
}
