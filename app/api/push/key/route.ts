import { NextResponse } from "next/server";
import { withSession } from "@/lib/http/handler";
import { vapidKeys } from "@/lib/push/vapid";

/** The VAPID public key a browser subscribes with (the `applicationServerKey`). */
export const GET = withSession(async () => NextResponse.json({ success: true, publicKey: vapidKeys().publicKey }));
