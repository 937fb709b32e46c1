import { NextResponse } from "next/server";
import { resetWithdrawPassword, resetWithdrawPasswordSchema } from "@/lib/admin/user-actions";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const { newWithdrawPassword } = await parseBody(req, resetWithdrawPasswordSchema);
  await resetWithdrawPassword(db, userId, newWithdrawPassword, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: "Withdrawal password reset" });
});
