import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireLease, releaseLease } from "@/lib/jobs/lease";
import { ingestPrices, PRICE_EVENT, PRICE_JOB, primeMarket } from "@/lib/market/ingest";
import { getKlines } from "@/lib/market/klines";
import type { MarketSnapshot } from "@/lib/market/snapshot";
import { simulatedFeed } from "@/lib/market/simulated-feed";
import { getTicker } from "@/lib/market/ticker";
import { lastTick, minuteOf } from "@/lib/market/ticks";
import { withTestDatabase } from "../support/db";
import { clearMarket } from "../support/market";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { collect, openSocket, outcome } from "../support/sockets";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const START = 4_000_000_000n;

describe("a fresh install", () => {
  // How fast is not a test's question (a loaded machine took over 20 s): this is what it stores.
  it("gets 90 days of history: a full chart at every interval and 90 daily candles", async () => {
    await clearMarket(db());
    await primeMarket(db(), simulatedFeed({ seed: 1, startPrice: START }), "instance-a");

    for (const interval of [1, 5, 15, 30, 60, 240] as const) expect(await getKlines(db(), interval)).toHaveLength(300);
    expect((await getKlines(db(), 1440, 1000)).length).toBeGreaterThanOrEqual(90);
    expect(await lastTick(db())).toMatchObject({ price: START });
    expect((await getTicker(db()))!.price).toBe("4000.000000");

    // While the price is fresh, priming again does nothing.
    await primeMarket(db(), simulatedFeed({ seed: 2, startPrice: 1n }), "instance-a");
    expect(await lastTick(db())).toMatchObject({ price: START });
  });

  it("after downtime, fills the minutes missed before serving", async () => {
    await clearMarket(db());
    const feed = simulatedFeed({ seed: 4, startPrice: START, historyDays: 1 });
    const downSince = new Date(Date.now() - 3 * 3_600_000);
    await ingestPrices(db(), feed, downSince);
    await primeMarket(db(), feed, "instance-a");
    const minutes = await getKlines(db(), 1, 1000);
    const times = minutes.map((c) => Date.parse(c.time));
    expect(times.at(-1)).toBe(minuteOf(new Date()).getTime());
    expect(times.every((t, i) => i === 0 || t - times[i - 1]! === 60_000)).toBe(true);
    expect((await getTicker(db()))!.stale).toBe(false);
  });

  it("is primed by one instance only: another that does not hold the lease leaves it alone", async () => {
    await clearMarket(db());
    await releaseLease(db(), PRICE_JOB, "instance-a");
    expect(await acquireLease(db(), PRICE_JOB, "instance-b", 60_000)).toBe(true);
    await primeMarket(db(), simulatedFeed({ seed: 1, startPrice: START, historyDays: 1 }), "instance-c");
    expect(await lastTick(db())).toBeNull();
  });
});

describe("live prices", () => {
  let server: TestRealtimeServer;
  let socket: Socket;

  beforeAll(async () => {
    server = await startRealtimeServer();
    socket = openSocket(server.url, (await registerUser()).token);
    expect(await outcome(socket)).toBe("connected");
  });

  afterAll(async () => {
    socket.disconnect();
    await server.close();
  });

  it("move with every poll, and each is pushed to connected clients with the running candle of every interval", async () => {
    await clearMarket(db());
    const feed = simulatedFeed({ seed: 3, startPrice: START, historyDays: 1 });
    const received = collect<MarketSnapshot>(socket, PRICE_EVENT);
    const t0 = new Date();
    const prices: string[] = [];
    for (let i = 0; i < 6; i++) {
      const snapshot = await ingestPrices(db(), feed, new Date(t0.getTime() + i * 1500));
      prices.push(snapshot!.ticker.price);
    }
    expect(new Set(prices).size).toBeGreaterThan(1);
    await expect.poll(() => received.map((r) => r.ticker.price)).toEqual(prices);
    const last = received.at(-1)!;
    expect(last.ticker.stale).toBe(false);
    expect(Object.keys(last.candles).sort((a, b) => Number(a) - Number(b))).toEqual([
      "1",
      "5",
      "15",
      "30",
      "60",
      "240",
      "1440",
    ]);
    for (const candle of Object.values(last.candles)) expect(candle.close).toBe(last.ticker.price);
    expect(last.candles["5"]).toEqual((await getKlines(db(), 5, 1))[0]);
  });
});
