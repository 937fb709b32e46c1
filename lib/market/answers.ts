import { z } from "zod";
import { successAnswer } from "@/lib/core/answers";
import { tickerSchema } from "./ticker";
import { candleViewSchema } from "./views";

/** GET /api/xaut/ticker: `ticker` is null before the feed's first price. */
export const tickerAnswer = successAnswer({ ticker: tickerSchema.nullable() });

/** GET /api/xaut/kline: the candles of `interval` minutes, oldest first. */
export const klineAnswer = successAnswer({ interval: z.number().int(), candles: z.array(candleViewSchema) });
