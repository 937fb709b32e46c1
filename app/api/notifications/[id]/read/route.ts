import { NextResponse } from "next/server";
import { uuidParam, withUser } from "@/lib/http/handler";
import { markRead } from "@/lib/notifications/read";

export const PATCH = withUser<{ id: string }>(async ({ params, db, auth }) => {
  const id = uuidParam(params.id, "Notification not found");
  return NextResponse.json({ success: true, message: "Marked as read", ...(await markRead(db, auth.user.id, id)) });
});
