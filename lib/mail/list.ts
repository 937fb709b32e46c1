import { count, desc } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outbox } from "@/db/schema";
import type { Pagination } from "@/lib/http/query";

/** The outbox for administrators, newest first. */
export async function listOutbox(db: Db, query: Pagination) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(outbox),
  ]);
  return {
    messages: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      error: m.error,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}
