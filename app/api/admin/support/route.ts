import { NextResponse } from "next/server";
import { withAdmin } from "@/lib/http/handler";
import { searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { supportQueue, supportQueueQuerySchema } from "@/lib/support/queue";

export const GET = withAdmin(async ({ req, db }) => {
  const query = validate(supportQueueQuerySchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await supportQueue(db, query)) });
});
