import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { setupChangeSchema, strategyParams } from "@/lib/strategies/input";
import { strategyViews } from "@/lib/strategies/views";
import { editSetup, pauseSetup, withdrawSetup } from "@/lib/strategies/setups";
import { marketAssets } from "@/lib/trading/market";

type P = { id: string };

export const PUT = withAdmin<P>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Trade setup not found");
  const change = await parseBody(req, setupChangeSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const p = "type" in change ? strategyParams(change, await marketAssets(db)) : null;
  const view = await runTransaction(db, async (tx) => {
    const s = p ? await editSetup(tx, id, p, actor) : await pauseSetup(tx, id, actor);
    return (await strategyViews(tx, s.userId, [s]))[0]!;
  });
  return NextResponse.json({ success: true, message: p ? "Setup changed" : "Strategy paused", strategy: view });
});

export const DELETE = withAdmin<P>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Trade setup not found");
  await runTransaction(db, (tx) => withdrawSetup(tx, id, { id: auth.user.id, ip: clientIp(req) }));
  return NextResponse.json({ success: true, message: "Setup withdrawn" });
});
