import { NextResponse } from "next/server";
import { setStatus, statusSchema } from "@/lib/admin/user-actions";
import { publicUser } from "@/lib/auth/user-view";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const { status } = await parseBody(req, statusSchema);
  const user = await setStatus(db, userId, status, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: status === "disabled" ? "User disabled" : "User enabled", user: publicUser(user) });
});
