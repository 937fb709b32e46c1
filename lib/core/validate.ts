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

type Visit = { value: unknown; key: string; parent: Visit | null };

/**
 * The path of the first string that is not `storableText`. The walk is iterative and each step
 * keeps only its parent, so it is linear in the size of the value and no depth overflows a stack.
 */
function nulPath(root: unknown): string[] | null {
  const pending: Visit[] = [{ value: root, key: "", parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === "string") {
      if (storableText(value)) continue;
      const path: string[] = [];
      for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    if (value === null || typeof value !== "object") continue;
    // Pushed last to first, so the first key is visited first.
    const children = Object.entries(value);
    for (let i = children.length - 1; i >= 0; i--)
      pending.push({ value: children[i]![1], key: children[i]![0], parent: visit });
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
