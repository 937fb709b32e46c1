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

/** Validates `raw`; the first issue becomes the message, every issue lands in `errors`. */
export function validate<T>(schema: ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issues = result.error.issues;
  throw badRequest(issues[0]?.message ?? "Invalid request", fieldErrors(issues));
}
