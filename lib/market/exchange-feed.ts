import { z } from "zod";
import { AmountError, toUnits } from "@/lib/core/amount";
import { FeedError, type PriceFeed } from "./feed";
import { MINUTE_MS } from "./intervals";
import type { MinuteCandle } from "./store";
import { minuteOf } from "./ticks";
import { PRICE_DECIMALS, VOLUME_DECIMALS } from "./views";

export interface ExchangeFeedOptions {
  /** e.g. "https://api.mexc.com": any exchange serving the Binance-style spot REST API. */
  baseUrl: string;
  /** The exchange's name for the XAUT/USDT market, e.g. "XAUTUSDT". */
  symbol: string;
  timeoutMs?: number;
  pollEveryMs?: number;
}

export const EXCHANGE_TIMEOUT_MS = 5_000;
export const EXCHANGE_POLL_MS = 2_000;
/** The most one-minute klines the API gives per request: also what a fresh database starts with. */
export const MAX_KLINES = 1000;

const decimal = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d+(\.\d+)?$/, "expected a plain decimal"));
// [openTime, open, high, low, close, volume, closeTime, quoteVolume, …]: only the first six are used.
const klinesSchema = z
  .array(z.tuple([z.number().int().nonnegative(), decimal, decimal, decimal, decimal, decimal], z.unknown()))
  .max(MAX_KLINES);

/** "4012.345678905" → units at `decimals`, rounded half up (exchanges often quote 8 decimals). */
function decimalUnits(text: string, decimals: number): bigint {
  try {
    return toUnits(text, decimals, "half-up");
  } catch (err) {
    if (err instanceof AmountError)
      throw new FeedError(`the exchange sent an impossible figure (${text.slice(0, 40)})`);
    throw err;
  }
}

async function errorDetail(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    const { msg } = JSON.parse(text) as { msg?: unknown };
    if (typeof msg === "string") return `: ${msg.slice(0, 200)}`;
  } catch {
    // not JSON: the status says enough
  }
  return "";
}

/**
 * Reads one-minute klines of XAUT/USDT from an exchange's public REST API
 * (`GET {baseUrl}/api/v3/klines?symbol=…&interval=1m&limit=…`, as Binance and MEXC serve it).
 * Each poll asks for the minutes since the last stored one (at least the last two, so the minute
 * just finished gets its final figures) and stores them whole. An error status, a malformed or
 * inconsistent answer, or no answer within the timeout is a FeedError and nothing is stored.
 */
export function exchangeFeed(options: ExchangeFeedOptions): PriceFeed {
  const timeoutMs = options.timeoutMs ?? EXCHANGE_TIMEOUT_MS;
  const base = options.baseUrl.replace(/\/+$/, "");

  async function fetchKlines(limit: number, now: Date): Promise<MinuteCandle[]> {
    const url = `${base}/api/v3/klines?${new URLSearchParams({ symbol: options.symbol, interval: "1m", limit: String(limit) })}`;
    let body: unknown;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
      if (!res.ok) throw new FeedError(`the exchange answered HTTP ${res.status}${await errorDetail(res)}`);
      body = await res.json();
    } catch (err) {
      if (err instanceof FeedError) throw err;
      if (err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError")) {
        throw new FeedError(`the exchange did not answer within ${timeoutMs} ms`, { cause: err });
      }
      if (err instanceof SyntaxError) throw new FeedError("the exchange's answer is not JSON", { cause: err });
      throw new FeedError(`the exchange is unreachable (${(err as Error).message})`, { cause: err });
    }
    const parsed = klinesSchema.safeParse(body);
    if (!parsed.success)
      throw new FeedError(`the exchange's klines are malformed (${parsed.error.issues[0]?.message})`);

    const latestAllowed = now.getTime() + MINUTE_MS;
    const price = (text: string) => decimalUnits(text, PRICE_DECIMALS);
    return parsed.data.map(([openMs, o, h, l, c, v]) => {
      const [open, high, low, close, volume] = [
        price(o),
        price(h),
        price(l),
        price(c),
        decimalUnits(v, VOLUME_DECIMALS),
      ];
      const openTime = minuteOf(new Date(openMs));
      const consistent = low > 0n && low <= open && low <= close && high >= open && high >= close;
      if (!consistent) throw new FeedError(`the exchange's kline at ${openTime.toISOString()} is inconsistent`);
      if (openTime.getTime() > latestAllowed)
        throw new FeedError(`the exchange sent a kline from the future (${openTime.toISOString()})`);
      const end = openTime.getTime() + MINUTE_MS;
      return { openTime, open, high, low, close, volume, updatedAt: new Date(Math.min(end, now.getTime())) };
    });
  }

  return {
    name: `exchange ${new URL(base).host} ${options.symbol}`,
    pollEveryMs: options.pollEveryMs ?? EXCHANGE_POLL_MS,
    async poll(last, now) {
      const behind = last ? Math.floor((now.getTime() - minuteOf(last.at).getTime()) / MINUTE_MS) + 1 : MAX_KLINES;
      return { candles: await fetchKlines(Math.min(MAX_KLINES, Math.max(2, behind)), now), ticks: [] };
    },
  };
}
