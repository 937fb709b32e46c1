import { NextResponse } from "next/server";
import { uuidParam, withUser } from "@/lib/http/handler";
import { findStrategy } from "@/lib/strategies/books";
import { strategyDetail } from "@/lib/strategies/views";

export const GET = withUser<{ id: string }>(async ({ params, db, auth }) => {
  const s = await findStrategy(db, uuidParam(params.id, "Strategy not found"), auth.user.id);
  return NextResponse.json({ success: true, strategy: await strategyDetail(db, s) });
});
