import { NextResponse } from "next/server";
import QRCode from "qrcode";
import { setupSchema, setupTwoFactor } from "@/lib/auth/two-factor/enrolment";
import { parseBody, withUser } from "@/lib/http/handler";

/** A new authenticator secret waiting for its first code, with its otpauth:// URI and that URI as a QR code. */
export const POST = withUser(async ({ req, db, auth }) => {
  const { password } = await parseBody(req, setupSchema);
  const { secret, otpauthUrl } = await setupTwoFactor(db, auth.user.id, password);
  const qr = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220, errorCorrectionLevel: "M" });
  return NextResponse.json({
    success: true,
    message: "Scan the QR code with your authenticator app, then enter the code it shows",
    secret,
    otpauthUrl,
    qr,
  });
});
