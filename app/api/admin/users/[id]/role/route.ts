import { NextResponse } from "next/server";
import { roleSchema, setRole } from "@/lib/admin/user-actions";
import { publicUser } from "@/lib/auth/user-view";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const { role } = await parseBody(req, roleSchema);
  const user = await setRole(db, userId, role, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: `Role set to ${role}`, user: publicUser(user) });
});
