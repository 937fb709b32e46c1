import { and, asc, count, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "@/db/client";
import { auditLogs, users } from "@/db/schema";
import { onePage, pageInfo, paginationSchema, queryParam } from "@/lib/core/query";
import { recordFilterSchema } from "@/lib/ledger/records";

const { from, to } = recordFilterSchema.shape;

export const auditQuerySchema = paginationSchema
  .extend({
    action: queryParam(z.string().trim().max(64).optional()),
    actor: queryParam(z.string().trim().max(64).optional()),
    targetId: queryParam(z.string().trim().max(64).optional()),
    // The same dates as the records' filter: `from` inclusive, `to` through the end of its day.
    from,
    to,
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: "from must be before to", path: ["from"] });

export type AuditQuery = z.infer<typeof auditQuerySchema>;

const actor = alias(users, "actor");
const target = alias(users, "target");

/** The audit trail, newest first; `action` matches a prefix ("user." finds every user action). */
export async function listAudit(db: Db, query: AuditQuery) {
  const where: SQL | undefined = and(
    query.action ? ilike(auditLogs.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    query.actor ? eq(actor.username, query.actor) : undefined,
    query.targetId ? eq(auditLogs.targetId, query.targetId) : undefined,
    query.from ? gte(auditLogs.createdAt, query.from) : undefined,
    query.to ? lt(auditLogs.createdAt, query.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({ log: auditLogs, actor: actor.username, target: target.username })
        .from(auditLogs)
        .innerJoin(actor, eq(actor.id, auditLogs.actorId))
        // target_id is text (targets are not always users), so the user id is compared as text.
        .leftJoin(target, and(eq(auditLogs.targetType, "user"), sql`${target.id}::text = ${auditLogs.targetId}`))
        .where(where)
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .$dynamic(),
      query,
    ),
    db.select({ n: count() }).from(auditLogs).innerJoin(actor, eq(actor.id, auditLogs.actorId)).where(where),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.log.id,
      action: r.log.action,
      actor: r.actor,
      targetType: r.log.targetType,
      targetId: r.log.targetId,
      target: r.target,
      detail: r.log.detail,
      ip: r.log.ip,
      createdAt: r.log.createdAt.toISOString(),
    })),
    ...pageInfo(query, total),
  };
}

/** The administrators who have an entry in the log, by name: the choices of its filter. */
export async function auditActors(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ username: actor.username })
    .from(auditLogs)
    .innerJoin(actor, eq(actor.id, auditLogs.actorId))
    .orderBy(asc(actor.username));
  return rows.map((r) => r.username);
}
