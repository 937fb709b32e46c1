import { formatAmount } from "@/lib/core/amount";

/** USDT and XAUT both have 6 decimals: prices are USDT units per XAUT, volumes XAUT units. */
export const PRICE_DECIMALS = 6;
export const VOLUME_DECIMALS = 6;

export interface CandleRow {
  openTime: Date;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
}

/** A candle as the API and the socket send it: ISO open time, decimal strings. */
export interface CandleView {
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export const priceString = (units: bigint) => formatAmount(units, PRICE_DECIMALS);

export function candleView(row: CandleRow): CandleView {
  return {
    time: row.openTime.toISOString(),
    open: priceString(row.open),
    high: priceString(row.high),
    low: priceString(row.low),
    close: priceString(row.close),
    volume: formatAmount(row.volume, VOLUME_DECIMALS),
  };
}
