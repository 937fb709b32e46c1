import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { deleteTradeConfig, getTradeConfig, saveTradeConfig, tradeConfigSchema } from "@/lib/trading/trade-config";

type P = { id: string };

export const GET = withAdmin<P>(async ({ params, db }) => {
  const userId = uuidParam(params.id, "User not found");
  return NextResponse.json({ success: true, ...(await getTradeConfig(db, userId)) });
});

const save = (mode: "create" | "update") =>
  withAdmin<P>(async ({ req, params, db, auth }) => {
    const userId = uuidParam(params.id, "User not found");
    const patch = await parseBody(req, tradeConfigSchema);
    const config = await runTransaction(db, (tx) => saveTradeConfig(tx, userId, patch, { id: auth.user.id, ip: clientIp(req) }, mode));
    return NextResponse.json({ success: true, message: "Trade config saved", ...config }, { status: mode === "create" ? 201 : 200 });
  });

/** POST creates the overrides (409 when the user has some); PUT creates or changes them. */
export const POST = save("create");
export const PUT = save("update");

export const DELETE = withAdmin<P>(async ({ req, params, db, auth }) => {
  const userId = uuidParam(params.id, "User not found");
  const config = await runTransaction(db, (tx) => deleteTradeConfig(tx, userId, { id: auth.user.id, ip: clientIp(req) }));
  return NextResponse.json({ success: true, message: "The site defaults apply again", ...config });
});
