import { NextResponse } from "next/server";
import { updateUserInfo, userInfoSchema } from "@/lib/account/info";
import { publicUser } from "@/lib/auth/user-view";
import { parseBody, withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ auth }) => NextResponse.json({ success: true, user: publicUser(auth.user) }));

export const PUT = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, userInfoSchema);
  const user = await updateUserInfo(db, auth.user.id, input);
  return NextResponse.json({ success: true, message: "Personal info saved", user: publicUser(user) });
});
