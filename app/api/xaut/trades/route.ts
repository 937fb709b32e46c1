import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { publicTradesAnswer } from "@/lib/trading/answers";
import { aurumVolume24h, publicTradesQuerySchema, recentPublicTrades } from "@/lib/trading/public-trades";

/** Aurum's latest fills, anonymous, newest first `?limit=` (1–50, default 20), and its own 24-hour volume. */
export const GET = withUser(async ({ req, db }) => {
  const { limit } = validate(publicTradesQuerySchema, searchParamsOf(req));
  const [trades, volume24h] = await Promise.all([recentPublicTrades(db, limit), aurumVolume24h(db)]);
  return answer(publicTradesAnswer, { success: true, trades, volume24h });
});
