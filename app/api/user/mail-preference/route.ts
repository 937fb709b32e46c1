import { NextResponse } from "next/server";
import { getMailPreference, mailPreferenceSchema, setMailPreference } from "@/lib/activity/mail-preference";
import { parseBody, withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ db, auth }) =>
  NextResponse.json({ success: true, ...(await getMailPreference(db, auth.user.id)) }),
);

export const PUT = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, mailPreferenceSchema);
  const saved = await setMailPreference(db, auth.user.id, input);
  const message = saved.optionalMail
    ? "You will get every optional mail: money, price alerts and messages from Aurum"
    : "Optional mail is off; security mail still comes";
  return NextResponse.json({ success: true, message, ...saved });
});
