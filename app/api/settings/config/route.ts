import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { authenticateRequest } from "@/lib/auth/sessions";
import { clientIp, parseBody, route, withAdmin } from "@/lib/http/handler";
import { getSettings, updateSettings } from "@/lib/settings";
import { publicSettings, settingsPatchSchema } from "@/lib/settings/schema";

/** Every visitor gets the public settings; an administrator gets all of them. */
export const GET = route(async (req) => {
  const db = await getDb();
  const [settings, caller] = await Promise.all([getSettings(db), authenticateRequest(db, req)]);
  const config = caller?.user.role === "admin" ? settings : publicSettings(settings);
  return NextResponse.json({ success: true, config });
});

export const PUT = withAdmin(async ({ req, db, auth }) => {
  const patch = await parseBody(req, settingsPatchSchema);
  const config = await updateSettings(db, patch, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: "Settings saved", config });
});
