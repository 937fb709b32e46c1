import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { klineAnswer } from "@/lib/market/answers";
import { getKlines, klineQuerySchema } from "@/lib/market/klines";

export const GET = withUser(async ({ req, db }) => {
  const { interval, limit } = validate(klineQuerySchema, searchParamsOf(req));
  return answer(klineAnswer, { success: true, interval, candles: await getKlines(db, interval, limit) });
});
