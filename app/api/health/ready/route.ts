import type { ErrorCode } from "@/lib/core/errors";
import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { chainStatus } from "@/lib/chain/status";
import { readiness } from "@/lib/ops/health";
import { route } from "@/lib/http/handler";

/** Readiness for load balancers: 200 when this instance should get traffic, 503 with the failing checks when not; each followed chain's head, last block finished and lag. */
export const GET = route(async () => {
  const db = await getDb();
  const [{ ready, checks }, chains] = await Promise.all([readiness(db), chainStatus(db).catch(() => [])]);
  // A chain behind does not take the instance out of rotation (it serves everything else): it is shown.
  if (ready) return NextResponse.json({ success: true, status: "ready", checks, chains });
  return NextResponse.json(
    { success: false, message: "This instance is not ready", code: "NOT_READY" satisfies ErrorCode, checks, chains },
    { status: 503 },
  );
});
