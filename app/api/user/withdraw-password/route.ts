import { NextResponse } from "next/server";
import {
  pauseSentence,
  setWithdrawPassword,
  withdrawPasswordSchema,
  withdrawPasswordState,
} from "@/lib/auth/withdraw-password";
import { parseBody, withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ auth }) =>
  NextResponse.json({ success: true, withdrawPassword: withdrawPasswordState(auth.user) }),
);

export const POST = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, withdrawPasswordSchema);
  const { holdUntil } = await setWithdrawPassword(db, auth.user.id, input);
  return NextResponse.json({
    success: true,
    message: `Withdrawal password saved.${pauseSentence(holdUntil)}`,
    holdUntil: holdUntil.toISOString(),
  });
});
