import type { ZodType } from "zod";
import type { ErrorCode } from "@/lib/core/errors";

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
  /** The answer is a file of this media type, not JSON (the records' CSV). */
  file?: "text/csv";
  /** The JSON answer's schema: the one the handler passes to `answer` or `answerOutcome` (lib/http/answer.ts). */
  answer?: ZodType;
  /**
   * The codes the operation's own rules refuse with (its lib verbs' AppErrors). Those every route of
   * its kind can answer (signing in, signed requests, bad JSON, Idempotency-Key) are added by
   * document.ts from the entry's other fields.
   */
  errors?: readonly ErrorCode[];
}
