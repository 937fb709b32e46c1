import { NextResponse } from "next/server";
import { parseBody, withSession } from "@/lib/http/handler";
import { getPreferences, preferencesSchema, setPreferences } from "@/lib/notifications/preferences";

export const GET = withSession(async ({ db, auth }) =>
  NextResponse.json({ success: true, ...(await getPreferences(db, auth.user.id)) }),
);

export const PUT = withSession(async ({ req, db, auth }) => {
  const input = await parseBody(req, preferencesSchema);
  const saved = await setPreferences(db, auth.user.id, input);
  return NextResponse.json({ success: true, message: "Your notification choices are saved", ...saved });
});
