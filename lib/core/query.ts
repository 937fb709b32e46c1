import { z, type ZodType } from "zod";
import { storableText } from "./validate";

export const MAX_PAGE_SIZE = 100;

export const paginationSchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page starts at 1").default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a number" })
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be at least 1")
    .max(MAX_PAGE_SIZE, `pageSize can be at most ${MAX_PAGE_SIZE}`)
    .default(20),
});

export type Pagination = z.infer<typeof paginationSchema>;

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
