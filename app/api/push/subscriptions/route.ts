import { NextResponse } from "next/server";
import { describeDevice } from "@/lib/auth/device";
import { parseBody, withSession } from "@/lib/http/handler";
import { listSubscriptions, subscribe, subscribeSchema } from "@/lib/push/subscriptions";

export const GET = withSession(async ({ db, auth }) =>
  NextResponse.json({ success: true, subscriptions: await listSubscriptions(db, auth.user.id) }),
);

export const POST = withSession(async ({ req, db, auth }) => {
  const input = await parseBody(req, subscribeSchema);
  const { subscription, created } = await subscribe(
    db,
    auth.user.id,
    input,
    describeDevice(req.headers.get("user-agent")),
  );
  return NextResponse.json(
    { success: true, message: "Push notifications are on for this device", subscription },
    { status: created ? 201 : 200 },
  );
});
