import { z } from "zod";
import { changeAnswer, successAnswer } from "@/lib/core/answers";
import { assetBalanceSchema } from "@/lib/ledger/balances";
import { tradeSettingsSchema } from "./trade-settings";
import { valuedBalancesSchema } from "./valuation";
import { aurumVolumeSchema, publicTradeSchema } from "./public-trades";
import { orderViewSchema } from "./views";

/** GET /api/auth/balance. */
export const balanceAnswer = successAnswer(valuedBalancesSchema.shape);

/** GET /api/trades/trade-settings. */
export const tradeSettingsAnswer = successAnswer(tradeSettingsSchema.shape);

/** POST /api/trades: the order, an OCO's two orders (the limit order first), and the balances after it. */
export const placeOrderAnswer = changeAnswer({
  order: orderViewSchema,
  orders: z.array(orderViewSchema).optional(),
  balances: z.array(assetBalanceSchema),
});

/** DELETE /api/trades/{id}. */
export const cancelOrderAnswer = changeAnswer({ order: orderViewSchema });

/** GET /api/xaut/trades: Aurum's latest fills, newest first, anonymous, and its own 24-hour volume. */
export const publicTradesAnswer = successAnswer({ trades: z.array(publicTradeSchema), volume24h: aurumVolumeSchema });
