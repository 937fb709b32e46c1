import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { readiness } from "@/lib/ops/health";
import { route } from "@/lib/http/handler";

/** Readiness for load balancers: 200 when this instance should get traffic, 503 with the failing checks when not. */
export const GET = route(async () => {
  const { ready, checks } = await readiness(await getDb());
  if (ready) return NextResponse.json({ success: true, status: "ready", checks });
  return NextResponse.json({ success: false, message: "This instance is not ready", code: "NOT_READY", checks }, { status: 503 });
});
