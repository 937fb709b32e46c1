import type { ZodType } from "zod";
import { badRequest, type FieldErrors } from "./errors";

export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const NUL_MESSAGE = "Text must not contain NUL characters";

/** Whether a text can reach the database at all: PostgreSQL cannot store U+0000 in text. */
export const storableText = (text: string): boolean => !text.includes("\u0000");

/** The path of the first string that is not `storableText`. */
function nulPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return storableText(value) ? null : path;
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Validates `raw`; the first issue becomes the message, every issue lands in `errors`. Text with
 * NUL characters is refused before any schema sees it, so no field anywhere can carry one into a
 * query (where PostgreSQL would fail it as a server error).
 */
export function validate<T>(schema: ZodType<T>, raw: unknown): T {
  const nul = nulPath(raw);
  if (nul) throw badRequest(NUL_MESSAGE, { [nul.join(".") || "_"]: [NUL_MESSAGE] });
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issues = result.error.issues;
  throw badRequest(issues[0]?.message ?? "Invalid request", fieldErrors(issues));
}
