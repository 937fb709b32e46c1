import { displayDecimal } from "@/lib/core/format";
import type { OrderView } from "@/lib/trading/views";

/**
 * What an order is, in a few words, the same on every list: "Limit sell at 4,200.00 USDT",
 * "Stop-limit sell at 3,840.00 USDT, stop 3,850.00", with "OCO" before either of a pair's.
 */
export function orderWords(o: OrderView): string {
  const words = orderKind(o);
  const kind = `${words.charAt(0).toUpperCase()}${words.slice(1)} ${o.side}`;
  if (o.type === "market") return kind;
  if (o.type === "limit") return `${kind} at ${displayDecimal(o.limitPrice!)} USDT`;
  return `${kind} at ${displayDecimal(o.limitPrice!)} USDT, ${stopWords(o)}`;
}

const KINDS: Record<OrderView["type"], string> = { market: "market", limit: "limit", stop_limit: "stop-limit" };

/** "market", "limit", "stop-limit", "OCO limit", "OCO stop-limit". */
export function orderKind(o: OrderView): string {
  return o.ocoId ? `OCO ${KINDS[o.type]}` : KINDS[o.type];
}

/** What an open order has set aside, or null; an OCO's stop sets nothing aside until it triggers: its pair's reserve covers it. */
export const sharesPairReserve = (o: OrderView) => o.ocoId !== null && /^0(\.0*)?$/.test(o.held);

/** A stop-limit's trigger: "stop 3,850.00" while it waits, "triggered at 3,850.00" once it has. */
export function stopWords(o: OrderView): string {
  const stop = displayDecimal(o.stopPrice!);
  return o.triggeredAt ? `triggered at ${stop}` : `stop ${stop}`;
}
