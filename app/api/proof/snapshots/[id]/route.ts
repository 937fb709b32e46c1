import { NextResponse } from "next/server";
import { getDb } from "@/db/client";
import { route, uuidParam } from "@/lib/http/handler";
import { chainReservesOf, chainReserveView } from "@/lib/proof/chain-reserves";
import { coverage, listReserves } from "@/lib/proof/reserves";
import { findSnapshot, snapshotView } from "@/lib/proof/snapshots";

/**
 * Public: one snapshot's root and totals, the reserves it read on chain (block, addresses, sums), and
 * its coverage: those with the reserves declared now, against its liabilities.
 */
export const GET = route<{ id: string }>(async (_req, { id }) => {
  const db = await getDb();
  const snapshot = await findSnapshot(db, uuidParam(id, "No such snapshot"));
  const [declared, onChain] = await Promise.all([listReserves(db), chainReservesOf(db, snapshot.id)]);
  return NextResponse.json({
    success: true,
    snapshot: snapshotView(snapshot),
    chainReserves: onChain.map((r) => chainReserveView(r, snapshot)),
    coverage: coverage(snapshot, declared, onChain),
  });
});
