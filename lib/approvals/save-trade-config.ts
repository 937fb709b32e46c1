import type { Db } from "@/db/client";
import { deleteTradeConfig, getTradeConfig, saveTradeConfig, type TradeConfigPatch } from "@/lib/trading/trade-config";
import { proposalFor, type ProposalView } from "./proposals";
import type { Actor } from "./rule";
import { tradeConfigChanges } from "./rules/trade-config";

type Config = Awaited<ReturnType<typeof getTradeConfig>>;

/**
 * An administrator's change of a user's trading overrides (`reset`: back to the site defaults):
 * switching the user's trading off acts now; any other change becomes one proposal of the fields
 * it changes (see rules/trade-config). Call it in one transaction.
 */
export async function saveUserTradeConfig(
  tx: Db,
  userId: string,
  patch: TradeConfigPatch | "reset",
  actor: Actor,
  mode: "create" | "update",
  now = new Date(),
): Promise<{ config: Config; proposal: ProposalView | null }> {
  const fields = await tradeConfigChanges(tx, userId, patch, mode);
  if (!fields) {
    const config =
      patch === "reset"
        ? await deleteTradeConfig(tx, userId, actor)
        : await saveTradeConfig(tx, userId, patch, actor, mode);
    return { config, proposal: null };
  }
  const proposal = await proposalFor(tx, "trade_config.save", { userId, reset: patch === "reset", fields }, actor, now);
  return { config: await getTradeConfig(tx, userId), proposal };
}
