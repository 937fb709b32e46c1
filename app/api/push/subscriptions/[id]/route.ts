import { NextResponse } from "next/server";
import { uuidParam, withSession } from "@/lib/http/handler";
import { unsubscribe } from "@/lib/push/subscriptions";

export const DELETE = withSession<{ id: string }>(async ({ params, db, auth }) => {
  await unsubscribe(db, auth.user.id, uuidParam(params.id, "Device not found"));
  return NextResponse.json({ success: true, message: "Push notifications are off for that device" });
});
