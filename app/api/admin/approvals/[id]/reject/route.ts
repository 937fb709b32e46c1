import { NextResponse } from "next/server";
import { rejectProposal, rejectProposalSchema } from "@/lib/approvals/proposals";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

export const POST = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Proposal not found");
  const input = await parseBody(req, rejectProposalSchema);
  const proposal = await rejectProposal(db, id, input, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: `Rejected: ${proposal.summary}`, proposal });
});
