import { asc, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts, entries, journals, orders, tradeConfigs } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { AppError } from "@/lib/core/errors";
import { formatAmount } from "@/lib/core/amount";
import { checkLedger } from "@/lib/ledger/check";
import type { OrderRequest } from "@/lib/trading/order-input";
import { placeOrder } from "@/lib/trading/place-order";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice } from "../support/prices";
import { referencePlaceOrder } from "../support/reference-trading";
import { registerUser } from "../support/users";

/**
 * The trade path's statements were rewritten as SQL run through the driver (issue 25). The same
 * random orders go through it for one user and through the drizzle-built statements it replaced
 * (tests/support/reference-trading.ts) for that user's twin, funded and configured alike: every
 * answer, refusal, order, journal, entry and balance must be the same but for ids and times.
 */
const db = withTestDatabase();
// Pairs of [new path, reference]; each pair under its own overrides.
let twins: [string, string][] = [];

beforeAll(async () => {
  const ids = await Promise.all(Array.from({ length: 6 }, async () => (await registerUser()).user.id));
  twins = [
    [ids[0]!, ids[1]!],
    [ids[2]!, ids[3]!],
    [ids[4]!, ids[5]!],
  ];
  for (const id of ids) {
    await fund(db(), id, "USDT", 3_000_000_000n);
    await fund(db(), id, "XAUT", 1_000_000n);
  }
  // One pair at the site's defaults; one with a fee and spread of its own; one with a small daily limit
  // and order range, so refusals come often.
  await db()
    .insert(tradeConfigs)
    .values([
      ...twins[1]!.map((userId) => ({ userId, feeBps: 37, spreadBps: 11, dailyLimit: 10n ** 15n })),
      ...twins[2]!.map((userId) => ({
        userId,
        feeBps: 0,
        spreadBps: 0,
        minQuantity: 5_000n,
        maxQuantity: 400_000n,
        dailyLimit: 2_500_000_000n,
      })),
    ]);
});

const pair = fc.integer({ min: 0, max: 2 });
const side = fc.constantFrom("buy" as const, "sell" as const);
const qty = fc.bigInt({ min: 1n, max: 700_000n });
const px = fc.bigInt({ min: 2_000_000_000n, max: 5_000_000_000n });
const op = fc.oneof(
  fc.record({ op: fc.constant("market" as const), pair, side, qty }),
  fc.record({ op: fc.constant("total" as const), pair, total: fc.bigInt({ min: 1n, max: 2_000_000_000n }) }),
  fc.record({ op: fc.constant("limit" as const), pair, side, qty, price: px }),
  fc.record({ op: fc.constant("price" as const), price: px }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const requestOf = (o: Exclude<Op, { op: "price" }>): OrderRequest =>
  o.op === "market"
    ? { side: o.side, type: "market", quantity: o.qty }
    : o.op === "total"
      ? { side: "buy", type: "market", total: o.total }
      : { side: o.side, type: "limit", quantity: o.qty, limitPrice: o.price };

/** An order without what differs by design between two users' orders: ids and times. */
const comparable = (o: typeof orders.$inferSelect) => ({
  side: o.side,
  type: o.type,
  status: o.status,
  quantity: o.quantity,
  limitPrice: o.limitPrice,
  held: o.held,
  fillPrice: o.fillPrice,
  cost: o.cost,
  fee: o.fee,
  feeBps: o.feeBps,
  strategyId: o.strategyId,
  gridLevel: o.gridLevel,
  cancelledAt: o.cancelledAt,
  journaled: o.journalId !== null,
  filled: o.filledAt !== null,
});

async function outcome(place: () => Promise<{ order: typeof orders.$inferSelect; message: string }>) {
  try {
    const { order, message } = await place();
    return { ok: { ...comparable(order), message } };
  } catch (err) {
    if (err instanceof AppError) return { refused: { status: err.status, code: err.code, message: err.message } };
    throw err;
  }
}

/** One user's ledger: balances, and every journal's entries on their side and the platform's, in order. */
async function ledgerOf(userId: string) {
  const own = await db().select().from(accounts).where(eq(accounts.userId, userId));
  const balances = own.map((a) => `${a.kind}:${a.asset}:${a.balance}`).sort();
  const ownIds = new Set(own.map((a) => a.id));
  const journalIds = (
    await db()
      .selectDistinct({ id: entries.journalId })
      .from(entries)
      .where(inArray(entries.accountId, [...ownIds]))
  ).map((j) => j.id);
  const rows = await db()
    .select({
      journal: journals.id,
      kind: journals.kind,
      memo: journals.memo,
      entry: entries.id,
      amount: entries.amount,
      label: entries.label,
      after: entries.balanceAfter,
      accountKind: accounts.kind,
      asset: accounts.asset,
      owner: accounts.userId,
    })
    .from(entries)
    .innerJoin(journals, eq(journals.id, entries.journalId))
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(inArray(entries.journalId, journalIds))
    .orderBy(asc(entries.id));
  const trades = rows
    .filter((r) => r.kind === "trade")
    .map(
      (r) =>
        `${r.memo} | ${r.owner ? "user" : "system"} ${r.accountKind} ${r.asset} ${r.amount} ${r.label ?? ""} ${r.after ?? ""}`,
    );
  const placed = await db()
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.quantity));
  return { balances, trades, orders: placed.map(comparable) };
}

describe("the trade path's SQL statements and the drizzle-built ones they replaced", () => {
  it("give the same answers, refusals and ledgers for the same random orders", async () => {
    const run = async (o: Op) => {
      if (o.op === "price") return setPrice(db(), formatAmount(o.price, 6));
      const [user, twin] = twins[o.pair]!;
      const request = requestOf(o);
      const now = await outcome(() => runTransaction(db(), (tx) => placeOrder(tx, user, request)));
      const before = await outcome(() => runTransaction(db(), (tx) => referencePlaceOrder(tx, twin, request)));
      expect(now).toEqual(before);
    };
    await setPrice(db(), "4000.000000");
    // Each kind of outcome at least once, whatever the random runs draw: a market fill, a limit that
    // fills as it is placed, one that waits, and a refusal (0.000001 XAUt is under every minimum).
    for (const pair of [0, 1, 2]) {
      await run({ op: "market", pair, side: "buy", qty: 10_000n });
      await run({ op: "limit", pair, side: "buy", qty: 10_000n, price: 4_500_000_000n });
      await run({ op: "limit", pair, side: "sell", qty: 10_000n, price: 4_500_000_000n });
      await run({ op: "market", pair, side: "sell", qty: 1n });
    }
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) await run(o);
      }),
      { numRuns: 12 },
    );
    for (const [user, twin] of twins) expect(await ledgerOf(user)).toEqual(await ledgerOf(twin));
    // The comparison covered fills, waiting limits and fills at placement.
    const all = await db().select({ status: orders.status, type: orders.type }).from(orders);
    expect(new Set(all.map((o) => `${o.type}:${o.status}`))).toEqual(
      new Set(["market:filled", "limit:open", "limit:filled"]),
    );
    expect(await checkLedger(db())).toEqual([]);
  });
});
