import { NextResponse } from "next/server";
import { withUser } from "@/lib/http/handler";
import { storageOverview } from "@/lib/storage/vault";

export const GET = withUser(async ({ db, auth }) =>
  NextResponse.json({ success: true, ...(await storageOverview(db, auth.user.id)) }),
);
