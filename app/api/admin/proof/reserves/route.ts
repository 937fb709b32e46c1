import { NextResponse } from "next/server";
import { clientIp, parseBody, withAdmin } from "@/lib/http/handler";
import { createReserve, reserveSchema, reserveViews } from "@/lib/proof/reserves";

export const GET = withAdmin(async ({ db }) => NextResponse.json({ success: true, reserves: await reserveViews(db) }));

export const POST = withAdmin(async ({ req, db, auth }) => {
  const input = await parseBody(req, reserveSchema);
  const reserve = await createReserve(db, input, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: `${reserve.asset} reserve declared`, reserve }, { status: 201 });
});
