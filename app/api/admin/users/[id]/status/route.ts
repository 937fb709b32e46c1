import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { setStatus, statusSchema } from "@/lib/admin/user-actions";
import { publicUser } from "@/lib/account/views";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const { status } = await parseBody(req, statusSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const proposal = await proposalFor(tx, "user.status", { userId, status }, actor);
    if (proposal) return proposedAnswer(proposal);
    const user = await setStatus(tx, userId, status, actor);
    return {
      status: 200,
      body: {
        success: true,
        message: status === "disabled" ? "User disabled" : "User enabled",
        user: publicUser(user),
      },
    };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
