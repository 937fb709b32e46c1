import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { roleSchema, setRole } from "@/lib/admin/user-actions";
import { publicUser } from "@/lib/account/views";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const { role, reason } = await parseBody(req, roleSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const proposal = await proposalFor(tx, "user.role", { userId, role, reason }, actor);
    if (proposal) return proposedAnswer(proposal);
    const user = await setRole(tx, userId, role, actor, reason ?? null);
    return { status: 200, body: { success: true, message: `Role set to ${role}`, user: publicUser(user) } };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
