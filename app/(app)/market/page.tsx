import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { DEFAULT_INTERVAL } from "@/lib/market/intervals";
import { getKlines } from "@/lib/market/klines";
import { getTicker } from "@/lib/market/ticker";
import { MarketView } from "./market-view";

export const metadata: Metadata = { title: "Tether Gold Market" };

export default async function MarketPage() {
  await requireUser();
  const db = await getDb();
  const [ticker, candles] = await Promise.all([getTicker(db), getKlines(db, DEFAULT_INTERVAL)]);
  return <MarketView initialTicker={ticker} initialCandles={candles} initialInterval={DEFAULT_INTERVAL} />;
}
