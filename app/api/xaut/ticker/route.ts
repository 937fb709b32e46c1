import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { getTicker } from "@/lib/market/ticker";

/** The last price and its 24 hours; `ticker` is null before the feed's first price. */
export const GET = withUser(async ({ db }) => NextResponse.json({ success: true, ticker: await getTicker(db) }));
