import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import { runTransaction } from "@/db/transaction";
import { getSettings } from "@/lib/settings";
import type { Tick } from "@/lib/market/ticks";
import { rulesFor } from "./config";
import { currentQuote } from "./market";
import { lockOrders } from "./oco";
import { stopReached, triggerStop } from "./stops";

const BATCH = 200;

// One side at a time, each a range of orders_stop_idx: asked for both sides at once, the planner
// cannot tell that waiting stops sit on the far side of the price and reads them all. Accounts that
// could not trade are left out here, so their stops are not read again on every tick (they wait,
// funds on hold, as their limit orders do).
const reached = (side: "buy" | "sell") => `select o.id, o.oco_id from orders o
  join users u on u.id = o.user_id and u.status = 'active'
  left join trade_configs c on c.user_id = o.user_id
  where o.status = 'open' and o.stop_price is not null and o.triggered_at is null
    and o.side = '${side}' and o.stop_price ${side === "sell" ? ">=" : "<="} $1
    and coalesce(c.enabled, $2)
  order by o.created_at
  limit ${BATCH}`;
const REACHED = { sell: reached("sell"), buy: reached("buy") };

/**
 * Triggers one stop if it still waits and the price still reaches it, in its own transaction with
 * its OCO's other half locked. Another runner on the same pair holds a lock (passed over) or has
 * already triggered, filled or cancelled it (the status no longer matches): it triggers once.
 */
export async function triggerStopOnce(db: Db, id: string, ocoId: string | null): Promise<boolean> {
  return runTransaction(db, async (tx) => {
    const locked = await lockOrders(tx, { id, ocoId }, { wait: false });
    const stop = locked?.find((o) => o.id === id);
    if (!locked || !stop || stop.status !== "open" || stop.triggeredAt !== null) return false;
    const [owner] = await query<{ status: string }>(tx, "select status from users where id = $1", [stop.userId]);
    if (owner?.status !== "active") return false;
    const { effective, market } = await rulesFor(tx, stop.userId);
    if (!effective.enabled) return false;
    const quote = await currentQuote(tx, effective.spreadBps);
    if (!quote || quote.stale || !stopReached(stop, quote.price)) return false;
    await triggerStop(tx, stop, locked.find((o) => o.id !== id) ?? null, quote, market);
    return true;
  });
}

/** Triggers the waiting stops `tick`'s price has reached, oldest first on each side. Returns how many triggered. */
export async function triggerReachedStops(db: Db, tick: Tick): Promise<number> {
  const { trading } = await getSettings(db);
  let triggered = 0;
  for (const side of ["sell", "buy"] as const) {
    const stops = await query<{ id: string; oco_id: string | null }>(db, REACHED[side], [
      tick.price.toString(),
      trading.enabled,
    ]);
    for (const { id, oco_id } of stops) {
      if (await triggerStopOnce(db, id, oco_id)) triggered++;
    }
  }
  return triggered;
}
