import { NextResponse } from "next/server";
import { clientIp, parseBody, withAdmin } from "@/lib/http/handler";
import { sendNotificationSchema } from "@/lib/notifications/schema";
import { sendNotification } from "@/lib/notifications/send";

export const POST = withAdmin(async ({ req, db, auth }) => {
  const input = await parseBody(req, sendNotificationSchema);
  const result = await sendNotification(db, input, { id: auth.user.id, ip: clientIp(req) });
  const who = input.userId ? "the user" : `${result.recipients} ${result.recipients === 1 ? "user" : "users"}`;
  return NextResponse.json({ success: true, message: `Notification sent to ${who}`, ...result }, { status: 201 });
});
