import { NextResponse } from "next/server";
import type { Outcome } from "@/lib/core/idempotency";

/** The answer to send: the stored one on a replay, marked so the client can tell. */
export function outcomeResponse<T>(outcome: Outcome<T>): NextResponse {
  return NextResponse.json(outcome.body, {
    status: outcome.status,
    headers: outcome.replayed ? { "Idempotent-Replayed": "true" } : undefined,
  });
}
