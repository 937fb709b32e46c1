import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { validate } from "@/lib/core/validate";
import { searchParamsOf } from "@/lib/core/query";
import { listRecords, recordQuerySchema } from "@/lib/ledger/records";

export const GET = withUser(async ({ req, db, auth }) => {
  const query = validate(recordQuerySchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await listRecords(db, auth.user.id, query)) });
});
