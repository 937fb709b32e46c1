import { NextResponse } from "next/server";
import { adminUserDetail } from "@/lib/admin/user-detail";
import { notFound } from "@/lib/core/errors";
import { uuidParam, withAdmin } from "@/lib/http/handler";

export const GET = withAdmin<{ id: string }>(async ({ params, db }) => {
  const detail = await adminUserDetail(db, uuidParam(params.id, "User not found"));
  if (!detail) throw notFound("User not found");
  return NextResponse.json({ success: true, ...detail });
});
