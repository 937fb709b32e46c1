import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { listUserOrders, orderQuerySchema } from "@/lib/strategies/list-orders";

export const GET = withUser(async ({ req, db, auth }) => {
  const query = validate(orderQuerySchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await listUserOrders(db, auth.user.id, query)) });
});
