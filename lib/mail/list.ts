import { count, desc, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outbox, users } from "@/db/schema";
import { onePage, pageInfo, type Pagination } from "@/lib/core/query";

/**
 * Mail addressed to an administrator is never shown: a reset link or a notice there would let one
 * administrator act as another. It is delivered only by SMTP.
 */
const notToAnAdministrator = sql`not exists (select 1 from ${users} where lower(${users.email}) = lower(${outbox.to}) and ${users.role} = 'admin')`;

/** The outbox for administrators, newest first, without what is addressed to an administrator. */
export async function listOutbox(db: Db, query: Pagination) {
  const [rows, [total]] = await Promise.all([
    onePage(
      db.select().from(outbox).where(notToAnAdministrator).orderBy(desc(outbox.createdAt), desc(outbox.id)).$dynamic(),
      query,
    ),
    db.select({ n: count() }).from(outbox).where(notToAnAdministrator),
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
    ...pageInfo(query, total),
  };
}
