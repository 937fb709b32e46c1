import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { markAllRead } from "@/lib/notifications/read";

export const POST = withUser(async ({ db, auth }) => {
  const { updated } = await markAllRead(db, auth.user.id);
  return NextResponse.json({ success: true, message: "All notifications marked as read", updated, unread: 0 });
});
