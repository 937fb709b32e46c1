import { NextResponse } from "next/server";
import type { z, ZodType } from "zod";
import type { Outcome } from "@/lib/core/idempotency";
import { outcomeResponse } from "./outcome";

/**
 * A handler's JSON answer, held by the compiler to `schema`: the answer schema lib/openapi publishes
 * for the operation (tests/integration/openapi.test.ts checks it names this very object). Nothing is
 * parsed at run time: the view functions are typed from the same schemas, and the integration tests
 * (openapi-answers.test.ts) parse real answers against them, so a shape that drifts fails a test
 * without every request paying for a parse.
 */
export function answer<S extends ZodType>(schema: S, body: z.output<S>, init?: ResponseInit): NextResponse {
  void schema;
  return NextResponse.json(body, init);
}

/** `answer` for an idempotent change: the stored answer on a replay (lib/http/outcome.ts). */
export function answerOutcome<S extends ZodType>(schema: S, outcome: Outcome<z.output<S>>): NextResponse {
  void schema;
  return outcomeResponse(outcome);
}
