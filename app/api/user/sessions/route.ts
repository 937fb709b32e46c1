import { NextResponse } from "next/server";
import { listSessions } from "@/lib/auth/own-sessions";
import { withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ db, auth }) =>
  NextResponse.json({ success: true, sessions: await listSessions(db, auth.user.id, auth.session.id) }),
);
