import { displayDecimal, money } from "@/lib/core/format";
import { Amount } from "@/components/amount";
import type { OrderView } from "@/lib/trading/views";
import { Time } from "@/components/time";
import { orderWords, sharesPairReserve } from "./order-words";

const STATUS_TONES: Record<OrderView["status"], string> = {
  open: "border-gold/60 text-gold-soft",
  filled: "border-success/50 text-success",
  cancelled: "border-line text-muted",
};

/** Orders with their status: what was asked, what it filled at, and what it paid or received. */
export function OrderList({
  orders,
  empty,
  label,
  action,
}: {
  orders: OrderView[];
  empty: string;
  label: string;
  action?: (order: OrderView) => React.ReactNode;
}) {
  if (orders.length === 0) return <p className="card py-8 text-center text-sm text-muted">{empty}</p>;
  return (
    <ul className="card divide-y divide-line p-0" aria-label={label}>
      {orders.map((o) => (
        <li
          key={o.id}
          id={`order-${o.id}`}
          className="flex scroll-mt-20 items-start justify-between gap-3 px-4 py-3 target:bg-gold/10"
          data-testid="order"
        >
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-medium">
              <span className={o.side === "buy" ? "text-success" : "text-danger"}>
                {o.side === "buy" ? "Buy" : "Sell"}
              </span>
              <span className={`rounded-full border px-2 py-0.5 text-xs ${STATUS_TONES[o.status]}`}>{o.status}</span>
            </p>
            <p className="text-xs text-muted">{orderWords(o)}</p>
            {o.strategy && <p className="text-xs text-gold">By {o.strategy.name}</p>}
            <p className="text-xs text-muted">
              <Time at={o.createdAt} />
            </p>
            {o.price && (
              <p className="text-xs text-zinc-400">
                Filled at {displayDecimal(o.price)} USDT · fee {money(o.fee!, "USDT")}
              </p>
            )}
          </div>
          <div className="shrink-0 text-right">
            <Amount value={o.quantity} asset="XAUT" className="block font-medium" />
            {o.total ? (
              <span className="block text-xs text-muted">
                {o.side === "buy" ? "Paid" : "Received"} <Amount value={o.total} asset="USDT" />
              </span>
            ) : o.status === "open" && sharesPairReserve(o) ? (
              <span className="block text-xs text-muted">Covered by its OCO pair</span>
            ) : o.status === "open" ? (
              <span className="block text-xs text-muted tabular-nums">
                Reserved {money(o.held, o.side === "buy" ? "USDT" : "XAUT")}
              </span>
            ) : null}
            {action?.(o)}
          </div>
        </li>
      ))}
    </ul>
  );
}
