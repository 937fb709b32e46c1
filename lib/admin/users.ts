import { count, desc, ilike, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { publicUser } from "@/lib/auth/user-view";
import { paginationSchema } from "@/lib/http/pagination";

export const userListQuerySchema = paginationSchema.extend({
  q: z.string().trim().max(100, "The search is too long").optional(),
});

export type UserListQuery = z.infer<typeof userListQuerySchema>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users newest first, searched by username, email or phone number. */
export async function listUsers(db: Db, query: UserListQuery) {
  let where: SQL | undefined;
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    where = or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.phoneNumber, pattern));
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(publicUser), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}
