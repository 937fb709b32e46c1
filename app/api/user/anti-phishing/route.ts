import { NextResponse } from "next/server";
import { antiPhishingSchema, setAntiPhishingCode } from "@/lib/account/anti-phishing";
import { parseBody, withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ auth }) => NextResponse.json({ success: true, code: auth.user.antiPhishingCode }));

export const PUT = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, antiPhishingSchema);
  const { code } = await setAntiPhishingCode(db, auth.user.id, input);
  return NextResponse.json({
    success: true,
    message: code ? "Anti-phishing code saved" : "Anti-phishing code removed",
    code,
  });
});
