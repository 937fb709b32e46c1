import { NextResponse } from "next/server";
import { listUsers, userListQuerySchema } from "@/lib/admin/users";
import { withAdmin } from "@/lib/http/handler";
import { validate } from "@/lib/core/validate";
import { searchParamsOf } from "@/lib/core/query";

export const GET = withAdmin(async ({ req, db }) => {
  const query = validate(userListQuerySchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await listUsers(db, query)) });
});
