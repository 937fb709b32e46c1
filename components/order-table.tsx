import { Time } from "@/components/time";
import { displayDecimal, readable } from "@/lib/core/format";
import type { OrderView } from "@/lib/trading/views";
import { orderKind, sharesPairReserve, stopWords } from "./order-words";

/**
 * Orders as a desktop table, one or two lines each with the numbers in aligned columns: when, what,
 * the price (the limit for an open order, the fill for a filled one), the XAUt, and the USDT it paid,
 * received or reserves. OrderList is the same orders as cards, for a phone.
 */
export function OrderTable({
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
  if (orders.length === 0) return <p className="py-6 text-center text-sm text-muted">{empty}</p>;
  return (
    <table className="data-table tabular-nums" aria-label={label}>
      <thead>
        <tr className="text-xs">
          <th scope="col">Time</th>
          <th scope="col">Order</th>
          <th scope="col" className="text-right">
            Price
          </th>
          <th scope="col" className="text-right">
            XAUt
          </th>
          <th scope="col" className="text-right">
            USDT
          </th>
          {action && (
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => {
          const reserved = o.status === "open" && o.side === "buy" && !sharesPairReserve(o) ? o.held : null;
          return (
            <tr key={o.id} className="align-top" data-testid="order-row">
              <td className="whitespace-nowrap text-muted">
                <Time at={o.filledAt ?? o.createdAt} />
              </td>
              <td className="whitespace-nowrap">
                <span className={o.side === "buy" ? "text-success" : "text-danger"}>
                  {o.side === "buy" ? "Buy" : "Sell"}
                </span>{" "}
                <span className="text-muted">{orderKind(o)}</span>
                {o.stopPrice && <span className="block text-xs text-muted">{stopWords(o)}</span>}
                {o.strategy && <span className="block text-xs text-gold">By {o.strategy.name}</span>}
              </td>
              <td className="whitespace-nowrap text-right">
                {(o.price ?? o.limitPrice) ? displayDecimal((o.price ?? o.limitPrice)!) : "—"}
              </td>
              <td className="whitespace-nowrap text-right">{readable(o.quantity, "XAUT")}</td>
              <td
                className="whitespace-nowrap text-right"
                title={
                  o.total
                    ? o.side === "buy"
                      ? "Paid, fee included"
                      : "Received, after the fee"
                    : reserved
                      ? "Reserved until it fills"
                      : undefined
                }
              >
                {o.total ? (
                  readable(o.total, "USDT")
                ) : reserved ? (
                  <span className="text-muted">{readable(reserved, "USDT")} held</span>
                ) : (
                  "—"
                )}
              </td>
              {action && <td className="whitespace-nowrap text-right">{action(o)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
