import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { runTransaction } from "@/db/transaction";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
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

/** A change of the approval rules (`approvals.*`) waits, with the rest of its patch, for a second administrator. */
export const PUT = withAdmin(async ({ req, db, auth }) => {
  const patch = await parseBody(req, settingsPatchSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const proposal = await proposalFor(tx, "settings.update", patch, actor);
    if (proposal) return proposedAnswer(proposal);
    return { status: 200, body: { success: true, message: "Settings saved", config: await updateSettings(tx, patch, actor) } };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
