import { NextResponse } from "next/server";
import { disableSchema, disableTwoFactor } from "@/lib/auth/two-factor/enrolment";
import { pauseSentence } from "@/lib/auth/withdraw-password";
import { clientIp, parseBody, withUser } from "@/lib/http/handler";

export const POST = withUser(async ({ req, db, auth }) => {
  const { code } = await parseBody(req, disableSchema);
  const { holdUntil } = await disableTwoFactor(db, auth.user.id, code, { ip: clientIp(req) });
  return NextResponse.json({
    success: true,
    message: `Two-factor sign-in is off.${pauseSentence(holdUntil)}`,
    withdrawalsPausedUntil: holdUntil.toISOString(),
  });
});
