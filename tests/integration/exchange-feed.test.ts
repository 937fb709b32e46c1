import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { count, eq } from "drizzle-orm";
import { candles } from "@/db/schema";
import { log } from "@/lib/core/log";
import { exchangeFeed, MAX_KLINES } from "@/lib/market/exchange-feed";
import { FeedError } from "@/lib/market/feed";
import { ingestPrices, priceIngestionJob } from "@/lib/market/ingest";
import { getKlines } from "@/lib/market/klines";
import { getTicker } from "@/lib/market/ticker";
import { lastTick, minuteOf } from "@/lib/market/ticks";
import { withTestDatabase } from "../support/db";
import { json, kline, startFakeExchange, type FakeExchange } from "../support/fake-exchange";
import { clearMarket } from "../support/market";

const db = withTestDatabase();
let exchange: FakeExchange;
// An exchange that never answers is given up on after TIMEOUT_MS; one that answers is given far
// longer, so that a busy machine's slow first connection is not taken for a dead exchange.
const TIMEOUT_MS = 400;
const ANSWERED_MS = 10_000;

beforeAll(async () => {
  exchange = await startFakeExchange();
});
afterAll(() => exchange.close());
afterEach(() => vi.restoreAllMocks());

const feed = (timeoutMs = ANSWERED_MS) => exchangeFeed({ baseUrl: `${exchange.url}/`, symbol: "XAUTUSDT", timeoutMs });
const minutesBefore = (now: Date, n: number) => new Date(minuteOf(now).getTime() - n * 60_000);
const storedMinutes = async () => (await db().select({ n: count() }).from(candles))[0]!.n;

describe("the exchange adapter", () => {
  it("asks for one-minute klines of the configured symbol and stores them, rounding 8 decimals to 6", async () => {
    await clearMarket(db());
    const now = new Date();
    exchange.answer(
      json([
        kline(
          minutesBefore(now, 2),
          ["4001.10000000", "4003.00000000", "4000.50000000", "4002.25000000"],
          "3.12345678",
        ),
        kline(minutesBefore(now, 1), ["4002.25000000", "4002.90000000", "4001.00000000", "4001.50000000"]),
        [minuteOf(now).getTime(), 4001.5, 4006.1234567, 4001.5, 4005.0000005, 0.25, 0, "0"],
      ]),
    );
    exchange.requests.length = 0;
    await ingestPrices(db(), feed(), now);

    const asked = exchange.requests[0]!;
    expect(asked.pathname).toBe("/api/v3/klines");
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      symbol: "XAUTUSDT",
      interval: "1m",
      limit: String(MAX_KLINES),
    });
    const stored = await getKlines(db(), 1);
    expect(stored).toEqual([
      {
        time: minutesBefore(now, 2).toISOString(),
        open: "4001.100000",
        high: "4003.000000",
        low: "4000.500000",
        close: "4002.250000",
        volume: "3.123457",
      },
      {
        time: minutesBefore(now, 1).toISOString(),
        open: "4002.250000",
        high: "4002.900000",
        low: "4001.000000",
        close: "4001.500000",
        volume: "1.500000",
      },
      {
        time: minuteOf(now).toISOString(),
        open: "4001.500000",
        high: "4006.123457",
        low: "4001.500000",
        close: "4005.000001",
        volume: "0.250000",
      },
    ]);
    expect(await lastTick(db())).toEqual({ price: 4_005_000_001n, at: now });
    expect(await getKlines(db(), 5, 1)).toHaveLength(1);
  });

  it("asks only for the minutes since the last one stored, and replaces a minute with the exchange's later figures", async () => {
    const now = new Date();
    exchange.answer(json([kline(minuteOf(now), ["4005.000001", "4010", "4004", "4009"], "0.75")]));
    exchange.requests.length = 0;
    await ingestPrices(db(), feed(), new Date(now.getTime() + 1000));
    expect(exchange.requests[0]!.searchParams.get("limit")).toBe("2");
    expect((await getKlines(db(), 1)).at(-1)).toMatchObject({
      high: "4010.000000",
      close: "4009.000000",
      volume: "0.750000",
    });
  });

  const answered: [string, Parameters<FakeExchange["answer"]>[0], RegExp][] = [
    [
      "an error status, with the exchange's message",
      json({ code: -1121, msg: "Invalid symbol." }, 400),
      /HTTP 400: Invalid symbol\./,
    ],
    ["a rate limit", (_req, res) => res.writeHead(429).end("slow down"), /HTTP 429/],
    [
      "a body that is not JSON",
      (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>"),
      /not JSON/,
    ],
    ["klines of the wrong shape", json({ data: [] }), /malformed/],
    ["a price that is not a decimal", json([kline(new Date(), ["4000", "NaN", "3999", "4000"])]), /malformed/],
    [
      "a kline whose high is below its low",
      json([kline(new Date(), ["4000", "3990", "4010", "4000"])]),
      /inconsistent/,
    ],
    [
      "a kline from the future",
      json([kline(new Date(Date.now() + 3_600_000), ["4000", "4000", "4000", "4000"])]),
      /future/,
    ],
    ["a dropped connection", (req) => req.socket.destroy(), /unreachable/],
  ];

  it.each(answered)("fails cleanly on %s, storing nothing", async (_what, handler, message) => {
    exchange.answer(handler);
    const before = await storedMinutes();
    const attempt = ingestPrices(db(), feed());
    await expect(attempt).rejects.toBeInstanceOf(FeedError);
    await expect(attempt).rejects.toThrow(message);
    expect(await storedMinutes()).toBe(before);
  });

  const hung: [string, Parameters<FakeExchange["answer"]>[0]][] = [
    ["no answer at all", () => {}],
    [
      "headers, then a body that never ends",
      (_req, res) => res.writeHead(200, { "content-type": "application/json" }).write("[[1,"),
    ],
  ];

  it.each(hung)("gives up on %s after its time-out, storing nothing", async (_what, handler) => {
    exchange.answer(handler);
    const before = await storedMinutes();
    const started = Date.now();
    const attempt = ingestPrices(db(), feed(TIMEOUT_MS));
    await expect(attempt).rejects.toBeInstanceOf(FeedError);
    await expect(attempt).rejects.toThrow(`within ${TIMEOUT_MS} ms`);
    // Not hanging until the test's own time-out: given up at about TIMEOUT_MS (a busy machine is slower).
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5000);
    expect(await storedMinutes()).toBe(before);
  });

  it("fails cleanly when nothing listens at the address", async () => {
    const gone = exchangeFeed({ baseUrl: "http://127.0.0.1:9", symbol: "XAUTUSDT", timeoutMs: TIMEOUT_MS });
    await expect(gone.poll(null, new Date())).rejects.toThrow(/unreachable/);
  });
});

describe("ingestion from a failing exchange", () => {
  it("keeps running, says the price is stale once it is, and recovers when the exchange does", async () => {
    await clearMarket(db());
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const job = priceIngestionJob(feed());
    const start = new Date();
    exchange.answer(json([kline(minuteOf(start), ["4000", "4001", "3999", "4000.5"])]));
    await job.run(db());
    expect((await getTicker(db()))!.stale).toBe(false);

    exchange.answer(json({ msg: "down for maintenance" }, 503));
    for (let i = 0; i < 3; i++) await expect(job.run(db())).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([
      expect.objectContaining({
        reason: expect.stringMatching(/the exchange answered HTTP 503: down for maintenance/),
      }),
      "price feed failing",
    ]);
    const lastGood = (await lastTick(db()))!.at;
    expect((await getTicker(db(), new Date(lastGood.getTime() + 29_000)))!.stale).toBe(false);
    expect((await getTicker(db(), new Date(lastGood.getTime() + 31_000)))!.stale).toBe(true);

    exchange.answer(json([kline(minuteOf(new Date()), ["4000.5", "4002", "4000", "4001.75"])]));
    await job.run(db());
    expect(info).toHaveBeenCalledWith(expect.anything(), "price feed recovered");
    const ticker = (await getTicker(db()))!;
    expect(ticker).toMatchObject({ price: "4001.750000", stale: false });
    expect(await db().select({ n: count() }).from(candles).where(eq(candles.close, 4_001_750_000n))).toEqual([
      { n: 1 },
    ]);
  });
});
