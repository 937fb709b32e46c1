import { NextResponse } from "next/server";
import { queueQuerySchema, withdrawalQueue } from "@/lib/funding/queues";
import { withAdmin } from "@/lib/http/handler";
import { searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";

export const GET = withAdmin(async ({ req, db }) => {
  const query = validate(queueQuerySchema, searchParamsOf(req));
  return NextResponse.json({
    success: true,
    ...(await withdrawalQueue(db, query)),
    page: query.page,
    pageSize: query.pageSize,
  });
});
