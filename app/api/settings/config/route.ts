import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { runTransaction } from "@/db/transaction";
import { proposedAnswer } from "@/lib/approvals/proposals";
import { saveSettings } from "@/lib/approvals/save-settings";
import { authenticateRequest } from "@/lib/auth/sessions";
import { clientIp, parseBody, route, withAdmin } from "@/lib/http/handler";
import { getSettings } from "@/lib/settings";
import { publicSettings, settingsPatchSchema } from "@/lib/settings/schema";

/** Every visitor gets the public settings; an administrator gets all of them. */
export const GET = route(async (req) => {
  const db = await getDb();
  const [settings, caller] = await Promise.all([getSettings(db), authenticateRequest(db, req)]);
  const config = caller?.user.role === "admin" ? settings : publicSettings(settings);
  return NextResponse.json({ success: true, config });
});

/**
 * The site's look and sign-up (and switching trading or withdrawals off) are saved at once; every
 * other changed setting waits for a second administrator as one proposal. A save with both says both.
 */
export const PUT = withAdmin(async ({ req, db, auth }) => {
  const patch = await parseBody(req, settingsPatchSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const { config, saved, proposal } = await saveSettings(tx, patch, actor);
    if (!proposal) return { status: 200, body: { success: true, message: "Settings saved", config, saved } };
    if (saved.length === 0) return proposedAnswer(proposal);
    const waiting = proposedAnswer(proposal);
    return {
      status: 202,
      body: { ...waiting.body, message: `Saved ${saved.join(", ")}. ${waiting.body.message}`, config, saved },
    };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
