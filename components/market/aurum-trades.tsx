"use client";

import { useCallback, useEffect, useState } from "react";
import { Time } from "@/components/time";
import { api } from "@/components/hooks/session";
import { displayDecimal, readable } from "@/lib/core/format";
import type { AurumVolume, PublicTrade } from "@/lib/trading/public-trades";

// Fills are not pushed to everyone (only to the user whose order it is): a visible list asks again this often.
const POLL_MS = 4_000;

export interface AurumTradesData {
  trades: PublicTrade[];
  volume24h: AurumVolume;
}

/** Aurum's latest fills and 24-hour volume, kept fresh while the page is visible. */
export function useAurumTrades(initial: AurumTradesData, limit: number): AurumTradesData {
  const [data, setData] = useState(initial);
  const refresh = useCallback(async () => {
    const { body } = await api<AurumTradesData & { success: boolean }>(`/api/xaut/trades?limit=${limit}`);
    if (body.success) setData({ trades: body.trades, volume24h: body.volume24h });
  }, [limit]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void refresh().catch(() => {});
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return data;
}

/**
 * Trades as a table: time, side, price and quantity in aligned columns. Aurum's are anonymous (whose
 * they were is not known to the page); the user's own read the same way beside the order form.
 */
export function AurumTradeTable({
  trades,
  label = "Aurum's recent trades",
  empty = "No trades on Aurum yet.",
  dense = false,
}: {
  trades: PublicTrade[];
  label?: string;
  empty?: string;
  dense?: boolean;
}) {
  if (trades.length === 0) return <p className="py-6 text-center text-sm text-muted">{empty}</p>;
  return (
    <table
      className={`data-table tabular-nums ${dense ? "[&_td]:py-1.5 [&_th]:py-1.5" : ""}`}
      aria-label={label}
      data-testid="trade-table"
    >
      <thead>
        <tr className="text-xs">
          <th scope="col">Time</th>
          <th scope="col">Side</th>
          <th scope="col" className="text-right">
            Price (USDT)
          </th>
          <th scope="col" className="text-right">
            XAUt
          </th>
        </tr>
      </thead>
      <tbody>
        {trades.map((t, i) => (
          <tr key={`${t.at}-${i}`} data-testid="trade-row">
            <td className="whitespace-nowrap text-muted">
              <Time at={t.at} />
            </td>
            <td className={t.side === "buy" ? "text-success" : "text-danger"}>{t.side === "buy" ? "Buy" : "Sell"}</td>
            <td className="whitespace-nowrap text-right">{displayDecimal(t.price)}</td>
            <td className="whitespace-nowrap text-right">{readable(t.quantity, "XAUT")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
