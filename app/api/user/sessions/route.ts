import { NextResponse } from "next/server";
import { listSessions } from "@/lib/auth/own-sessions";
import { withSession } from "@/lib/http/handler";

export const GET = withSession(async ({ db, auth }) =>
  NextResponse.json({ success: true, sessions: await listSessions(db, auth.user.id, auth.session.id) }),
);
