import { z } from "zod";
import { pageFields, successAnswer } from "@/lib/core/answers";
import { orderViewSchema } from "@/lib/trading/views";

/** GET /api/trades/user: a page of the user's orders, and all of their open orders. */
export const userOrdersAnswer = successAnswer({
  orders: z.array(orderViewSchema),
  open: z.array(orderViewSchema),
  ...pageFields,
});
