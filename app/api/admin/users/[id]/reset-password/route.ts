import { NextResponse } from "next/server";
import { resetPassword, resetPasswordSchema } from "@/lib/admin/user-actions";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const { newPassword } = await parseBody(req, resetPasswordSchema);
  const { sessionsEnded } = await resetPassword(db, userId, newPassword, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: "Password reset. The user has been signed out everywhere.", sessionsEnded });
});
