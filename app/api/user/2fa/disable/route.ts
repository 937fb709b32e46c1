import { NextResponse } from "next/server";
import { disableSchema, disableTwoFactor } from "@/lib/account/two-factor";
import { clientIp, parseBody, withUser } from "@/lib/http/handler";

export const POST = withUser(async ({ req, db, auth }) => {
  const { code } = await parseBody(req, disableSchema);
  await disableTwoFactor(db, auth.user.id, code, { ip: clientIp(req) });
  return NextResponse.json({ success: true, message: "Two-factor sign-in is off" });
});
