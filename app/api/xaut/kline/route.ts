import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { getKlines, klineQuerySchema } from "@/lib/market/klines";

export const GET = withUser(async ({ req, db }) => {
  const { interval, limit } = validate(klineQuerySchema, searchParamsOf(req));
  return NextResponse.json({ success: true, interval, candles: await getKlines(db, interval, limit) });
});
