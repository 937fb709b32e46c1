import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { tickerAnswer } from "@/lib/market/answers";
import { getTicker } from "@/lib/market/ticker";

/** The last price and its 24 hours; `ticker` is null before the feed's first price. */
export const GET = withUser(async ({ db }) => answer(tickerAnswer, { success: true, ticker: await getTicker(db) }));
