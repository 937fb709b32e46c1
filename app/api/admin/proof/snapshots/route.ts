import { NextResponse } from "next/server";
import { clientIp, withAdmin } from "@/lib/http/handler";
import { takeSnapshot } from "@/lib/proof/snapshot";
import { snapshotView } from "@/lib/proof/snapshots";

/** An administrator takes a snapshot now, besides the daily one. */
export const POST = withAdmin(async ({ req, db, auth }) => {
  const snapshot = (await takeSnapshot(db, { trigger: "admin", actor: { id: auth.user.id, ip: clientIp(req) } }))!;
  return NextResponse.json(
    {
      success: true,
      message: `Snapshot of ${snapshot.accountCount} accounts published`,
      snapshot: snapshotView(snapshot),
    },
    { status: 201 },
  );
});
