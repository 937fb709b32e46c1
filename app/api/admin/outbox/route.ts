import { NextResponse } from "next/server";
import { withAdmin } from "@/lib/http/handler";
import { paginationSchema, searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { listOutbox } from "@/lib/mail/list";

export const GET = withAdmin(async ({ req, db }) => {
  const query = validate(paginationSchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await listOutbox(db, query)) });
});
