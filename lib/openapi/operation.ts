import type { ZodType } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One route and method of the API as the document describes it. The schemas are the handler's own
 * objects (imported from the module the handler imports them from), never copies.
 */
export interface Operation {
  method: HttpMethod;
  /** `/api/trades/{id}`: the route file's folder, with `[id]` written `{id}`. */
  path: string;
  /** Who may call it: anyone, a session or API key (`user`), a session only, an administrator. */
  access: "public" | "user" | "session" | "admin";
  summary: string;
  /** The JSON body's schema (`parseBody`). */
  body?: ZodType;
  /** The query string's schema (`validate(schema, searchParamsOf(req))`). */
  query?: ZodType;
  /** A multipart/form-data body: its text fields' schema and the names of its file fields. */
  form?: { fields?: ZodType; files: readonly string[] };
  /** Whether the handler takes an Idempotency-Key header (`idempotencyKeyOf`) or needs one. */
  idempotency?: "optional" | "required";
}
