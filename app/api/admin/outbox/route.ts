import { NextResponse } from "next/server";
import { withAdmin } from "@/lib/http/handler";
import { paginationSchema, searchParamsOf } from "@/lib/http/query";
import { validate } from "@/lib/http/validate";
import { listOutbox } from "@/lib/mail/list";

export const GET = withAdmin(async ({ req, db }) => {
  const query = validate(paginationSchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await listOutbox(db, query)) });
});
