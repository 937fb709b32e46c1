import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { resetWithdrawPasswordSchema, setWithdrawPasswordHash } from "@/lib/admin/user-actions";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { hashPassword } from "@/lib/auth/password";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

/** Another administrator's withdrawal password waits for a second administrator (only its hash is kept). */
export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const { newWithdrawPassword } = await parseBody(req, resetWithdrawPasswordSchema);
  const passwordHash = await hashPassword(newWithdrawPassword);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const proposal = await proposalFor(tx, "user.withdraw_password", { userId, passwordHash }, actor);
    if (proposal) return proposedAnswer(proposal);
    await setWithdrawPasswordHash(tx, userId, passwordHash, actor);
    return { status: 200, body: { success: true, message: "Withdrawal password reset" } };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
