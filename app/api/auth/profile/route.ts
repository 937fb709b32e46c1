import { NextResponse } from "next/server";
import { publicUser } from "@/lib/auth/user-view";
import { withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ auth }) => NextResponse.json({ success: true, user: publicUser(auth.user) }));
