import { NextResponse } from "next/server";
import { auditQuerySchema, listAudit } from "@/lib/audit/list";
import { withAdmin } from "@/lib/http/handler";
import { validate } from "@/lib/core/validate";
import { searchParamsOf } from "@/lib/core/query";

export const GET = withAdmin(async ({ req, db }) => {
  const query = validate(auditQuerySchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await listAudit(db, query)) });
});
