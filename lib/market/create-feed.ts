import { readEnv, type Env } from "@/lib/core/env";
import { parseAmount } from "@/lib/core/amount";
import { exchangeFeed } from "./exchange-feed";
import type { PriceFeed } from "./feed";
import { simulatedFeed } from "./simulated-feed";
import { PRICE_DECIMALS } from "./views";

/** The feed the environment asks for: PRICE_FEED=simulated (default) or exchange. */
export function createPriceFeed(env: Env = readEnv()): PriceFeed {
  if (env.PRICE_FEED === "exchange") {
    if (!env.PRICE_FEED_URL) throw new Error("PRICE_FEED_URL is required when PRICE_FEED=exchange");
    return exchangeFeed({ baseUrl: env.PRICE_FEED_URL, symbol: env.PRICE_FEED_SYMBOL });
  }
  return simulatedFeed({
    seed: env.PRICE_FEED_SEED,
    startPrice: parseAmount(env.PRICE_FEED_START, PRICE_DECIMALS, "USDT"),
  });
}

/**
 * Where the price comes from, as the market screen says it: the simulated feed is named as such (a
 * person must never take it for a market), an exchange by its host only (the URL may carry a path or
 * credentials that are nobody's business).
 */
export function priceSource(env: Env = readEnv()): { kind: Env["PRICE_FEED"]; name: string } {
  if (env.PRICE_FEED === "exchange" && env.PRICE_FEED_URL)
    return { kind: "exchange", name: new URL(env.PRICE_FEED_URL).host };
  return { kind: "simulated", name: "Simulated feed" };
}
