import { z } from "zod";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";

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
export const candleViewSchema = z.object({
  time: isoTime,
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString,
});

export type CandleView = z.infer<typeof candleViewSchema>;

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
