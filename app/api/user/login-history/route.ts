import { NextResponse } from "next/server";
import { listLoginHistory } from "@/lib/auth/login-history";
import { withUser } from "@/lib/http/handler";
import { paginationSchema, searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";

export const GET = withUser(async ({ req, db, auth }) => {
  const page = validate(paginationSchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await listLoginHistory(db, auth.user.id, page)) });
});
