import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { proposedAnswer } from "@/lib/approvals/proposals";
import { saveUserTradeConfig } from "@/lib/approvals/save-trade-config";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { getTradeConfig, tradeConfigSchema, type TradeConfigPatch } from "@/lib/trading/trade-config";

type P = { id: string };

export const GET = withAdmin<P>(async ({ params, db }) => {
  const userId = uuidParam(params.id, "User not found");
  return NextResponse.json({ success: true, ...(await getTradeConfig(db, userId)) });
});

/**
 * Switching a user's trading off acts at once; every other change of their fee, spread or limits
 * (and returning them to the defaults) waits for a second administrator, the fields it changes alone.
 */
const answer = (verb: "create" | "update" | "reset", read: (req: Request) => Promise<TradeConfigPatch | "reset">) =>
  withAdmin<P>(async ({ req, params, db, auth }) => {
    const userId = uuidParam(params.id, "User not found");
    const input = await read(req);
    const actor = { id: auth.user.id, ip: clientIp(req) };
    const { config, proposal } = await runTransaction(db, (tx) =>
      saveUserTradeConfig(tx, userId, input, actor, verb === "create" ? "create" : "update"),
    );
    if (proposal) return NextResponse.json({ ...proposedAnswer(proposal).body, ...config }, { status: 202 });
    const message = verb === "reset" ? "The site defaults apply again" : "Trade config saved";
    return NextResponse.json({ success: true, message, ...config }, { status: verb === "create" ? 201 : 200 });
  });

/**
 * POST creates the overrides (409 when the user has some); PUT creates or changes them; DELETE returns
 * to the defaults. Each reads its input here, where the OpenAPI registry's test sees which schema it uses.
 */
export const POST = answer("create", (req) => parseBody(req, tradeConfigSchema));
export const PUT = answer("update", (req) => parseBody(req, tradeConfigSchema));
export const DELETE = answer("reset", async () => "reset");
