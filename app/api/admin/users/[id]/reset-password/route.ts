import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { resetPasswordSchema, setPasswordHash } from "@/lib/admin/user-actions";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { hashPassword } from "@/lib/auth/password";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

/** Another administrator's password waits for a second administrator (only its hash is kept). */
export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const { newPassword } = await parseBody(req, resetPasswordSchema);
  const passwordHash = await hashPassword(newPassword);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const proposal = await proposalFor(tx, "user.password", { userId, passwordHash }, actor);
    if (proposal) return proposedAnswer(proposal);
    const { sessionsEnded } = await setPasswordHash(tx, userId, passwordHash, actor);
    return {
      status: 200,
      body: { success: true, message: "Password reset. The user has been signed out everywhere.", sessionsEnded },
    };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
