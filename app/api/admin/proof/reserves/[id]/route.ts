import { NextResponse } from "next/server";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { deleteReserve, reserveSchema, updateReserve } from "@/lib/proof/reserves";

export const PUT = withAdmin<{ id: string }>(async ({ req, db, auth, params }) => {
  const id = uuidParam(params.id, "Reserve not found");
  const input = await parseBody(req, reserveSchema);
  const reserve = await updateReserve(db, id, input, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: `${reserve.asset} reserve updated`, reserve });
});

export const DELETE = withAdmin<{ id: string }>(async ({ req, db, auth, params }) => {
  await deleteReserve(db, uuidParam(params.id, "Reserve not found"), { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: "Reserve removed" });
});
