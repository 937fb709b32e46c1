import { NextResponse } from "next/server";
import { publicUser } from "@/lib/account/views";
import { withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ auth }) => NextResponse.json({ success: true, user: publicUser(auth.user) }));
