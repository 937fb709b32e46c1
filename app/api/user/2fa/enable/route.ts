import { NextResponse } from "next/server";
import { enableSchema, enableTwoFactor } from "@/lib/auth/two-factor/enrolment";
import { clientIp, parseBody, withUser } from "@/lib/http/handler";

export const POST = withUser(async ({ req, db, auth }) => {
  const { code } = await parseBody(req, enableSchema);
  const { recoveryCodes } = await enableTwoFactor(db, auth.user.id, code, { ip: clientIp(req) });
  return NextResponse.json({
    success: true,
    message: "Two-factor sign-in is on. Save your recovery codes: they are shown only now.",
    recoveryCodes,
  });
});
