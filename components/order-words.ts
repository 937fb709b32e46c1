import { displayDecimal } from "@/lib/core/format";
import type { OrderView } from "@/lib/trading/views";

/**
 * What an order is, in a few words, the same on every list: "Limit sell at 4,200.00 USDT",
 * "Stop-limit sell at 3,840.00 USDT, stop 3,850.00", with "OCO" before either of a pair's.
 */
export function orderWords(o: OrderView): string {
  const kind = `${orderKind(o)} ${o.side}`;
  if (o.type === "market") return kind;
  if (o.type === "limit") return `${kind} at ${displayDecimal(o.limitPrice!)} USDT`;
  return `${kind} at ${displayDecimal(o.limitPrice!)} USDT, ${stopWords(o)}`;
}

const KINDS: Record<OrderView["type"], string> = { market: "Market", limit: "Limit", stop_limit: "Stop-limit" };

/** "Limit", "Stop-limit", "OCO limit", "OCO stop-limit". */
export function orderKind(o: OrderView): string {
  return o.ocoId ? `OCO ${KINDS[o.type].toLowerCase()}` : KINDS[o.type];
}

/** A stop-limit's trigger: "stop 3,850.00" while it waits, "triggered at 3,850.00" once it has. */
export function stopWords(o: OrderView): string {
  const stop = displayDecimal(o.stopPrice!);
  return o.triggeredAt ? `triggered at ${stop}` : `stop ${stop}`;
}
