import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { resetPassword, resetPasswordSchema } from "@/lib/auth/reset-password";
import { clientIp, parseBody, route } from "@/lib/http/handler";

export const POST = route(async (req) => {
  const input = await parseBody(req, resetPasswordSchema);
  await resetPassword(await getDb(), input, { ip: clientIp(req) });
  return NextResponse.json({
    success: true,
    message: "Your password has been reset. Please sign in with your new password.",
  });
});
