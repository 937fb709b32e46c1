import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { strategyBodySchema, strategyParams } from "@/lib/strategies/input";
import { listStrategies } from "@/lib/strategies/lifecycle";
import { strategyViews } from "@/lib/strategies/views";
import { proposeSetup } from "@/lib/strategies/setups";
import { marketAssets } from "@/lib/trading/market";

type P = { id: string };

/** The user's strategies, their own and those support proposed, with their results. */
export const GET = withAdmin<P>(async ({ params, db }) => {
  const userId = uuidParam(params.id, "User not found");
  return NextResponse.json({
    success: true,
    strategies: await strategyViews(db, userId, await listStrategies(db, userId)),
  });
});

export const POST = withAdmin<P>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const body = await parseBody(req, strategyBodySchema);
  const p = strategyParams(body, await marketAssets(db));
  const view = await runTransaction(db, async (tx) => {
    const s = await proposeSetup(tx, userId, p, { id: auth.user.id, ip: clientIp(req) });
    return (await strategyViews(tx, userId, [s]))[0]!;
  });
  return NextResponse.json(
    { success: true, message: "Setup proposed: it runs once the user accepts it", strategy: view },
    { status: 201 },
  );
});
