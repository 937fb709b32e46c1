import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { publicUser } from "@/lib/account/views";
import { onePage, pageInfo, paginationSchema, queryParam } from "@/lib/core/query";

export const userListQuerySchema = paginationSchema.extend({
  q: z.string().trim().max(100, "The search is too long").optional(),
  status: queryParam(z.enum(["active", "disabled"], { error: "status must be active or disabled" }).optional()),
  role: queryParam(z.enum(["user", "admin"], { error: "role must be user or admin" }).optional()),
  sort: queryParam(
    z.enum(["newest", "oldest", "username"], { error: "sort must be newest, oldest or username" }).default("newest"),
  ),
});

const ORDER = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  username: [asc(sql`lower(${users.username})`)],
} as const;

export type UserListQuery = z.infer<typeof userListQuerySchema>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users searched by username, email or phone number, filtered by status and role. */
export async function listUsers(db: Db, query: UserListQuery) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const where: SQL | undefined = and(
    pattern
      ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.phoneNumber, pattern))
      : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    query.role ? eq(users.role, query.role) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(...ORDER[query.sort])
        .$dynamic(),
      query,
    ),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(publicUser), ...pageInfo(query, total) };
}
