import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { route, uuidParam } from "@/lib/http/handler";
import { coverage, listReserves } from "@/lib/proof/reserves";
import { findSnapshot, snapshotView } from "@/lib/proof/snapshots";

/** Public: one snapshot's root and totals, with the reserves declared now against its liabilities. */
export const GET = route<{ id: string }>(async (_req, { id }) => {
  const db = await getDb();
  const snapshot = await findSnapshot(db, uuidParam(id, "No such snapshot"));
  return NextResponse.json({
    success: true,
    snapshot: snapshotView(snapshot),
    coverage: coverage(snapshot, await listReserves(db)),
  });
});
