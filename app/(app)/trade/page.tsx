import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { userBalances } from "@/lib/ledger/balances";
import { listUserOrders } from "@/lib/strategies/list-orders";
import { aurumVolume24h, recentPublicTrades } from "@/lib/trading/public-trades";
import { tradeSettings } from "@/lib/trading/trade-settings";
import { availableOf } from "./available";
import { TradePanel } from "./trade-panel";

export const metadata: Metadata = { title: "Trade" };

export default async function TradePage() {
  const { user } = await requireUser();
  const db = await getDb();
  const [ts, balances, history, trades, volume24h] = await Promise.all([
    tradeSettings(db, user.id),
    userBalances(db, user.id),
    listUserOrders(db, user.id, { page: 1, pageSize: 10, status: "filled" }),
    recentPublicTrades(db, 10),
    aurumVolume24h(db),
  ]);
  return (
    <TradePanel
      initial={{
        ts,
        available: availableOf(balances),
        open: history.open,
        recent: history.orders,
        aurum: { trades, volume24h },
      }}
    />
  );
}
