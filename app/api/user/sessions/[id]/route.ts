import { NextResponse } from "next/server";
import { revokeOwnSession } from "@/lib/auth/own-sessions";
import { uuidParam, withUser } from "@/lib/http/handler";

export const DELETE = withUser<{ id: string }>(async ({ params, db, auth }) => {
  await revokeOwnSession(db, auth.user.id, uuidParam(params.id, "Session not found"));
  return NextResponse.json({ success: true, message: "Session signed out" });
});
