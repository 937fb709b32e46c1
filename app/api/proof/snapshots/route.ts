import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { route } from "@/lib/http/handler";
import { paginationSchema, searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { listSnapshots, snapshotView } from "@/lib/proof/snapshots";

/** Public: the published proof-of-liabilities snapshots, newest first. */
export const GET = route(async (req) => {
  const { page, pageSize } = validate(paginationSchema, searchParamsOf(req));
  const { snapshots, total } = await listSnapshots(await getDb(), { page, pageSize });
  return NextResponse.json({ success: true, snapshots: snapshots.map(snapshotView), page, pageSize, total });
});
