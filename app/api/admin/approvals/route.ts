import { NextResponse } from "next/server";
import { listProposals, proposalQuerySchema } from "@/lib/approvals/proposals";
import { withAdmin } from "@/lib/http/handler";
import { searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";

export const GET = withAdmin(async ({ req, db }) => {
  const query = validate(proposalQuerySchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await listProposals(db, query)) });
});
