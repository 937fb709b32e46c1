import type { PgSelect } from "drizzle-orm/pg-core";
import { z, type ZodType } from "zod";
import { storableText } from "./validate";

export const MAX_PAGE_SIZE = 100;

export const paginationSchema = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a number" })
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be at least 1")
    .max(MAX_PAGE_SIZE, `pageSize can be at most ${MAX_PAGE_SIZE}`)
    .default(20),
});

export type Pagination = z.infer<typeof paginationSchema>;

/**
 * The rows of one page of an ordered query (made `.$dynamic()` so a function may finish it). Every
 * list pages through here, so the arithmetic and the cap (paginationSchema's MAX_PAGE_SIZE) are
 * written once.
 */
export function onePage<Q extends PgSelect>(query: Q, { page, pageSize }: Pagination): Q {
  return query.limit(pageSize).offset((page - 1) * pageSize);
}

/** What a list answers beside its rows; `counted` is the row of a `select({ n: count() })` over the same filter. */
export function pageInfo({ page, pageSize }: Pagination, counted: { n: number } | undefined) {
  return { page, pageSize, total: counted?.n ?? 0 };
}

export function searchParamsOf(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams);
}

/** A query parameter where an empty value (an unset form field) counts as absent. */
export function queryParam<T extends ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? undefined : v), schema);
}

/** A page's searchParams as plain strings (the first value of a repeated key), without blanks or unstorable text. */
export function plainParams(params: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first && storableText(first)) out[key] = first;
  }
  return out;
}
