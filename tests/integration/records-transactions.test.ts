import { beforeEach, describe, expect, it } from "vitest";
import { GET as recordsRoute } from "@/app/api/records/route";
import { GET as transactionsRoute } from "@/app/api/records/transactions/route";
import { readable } from "@/lib/core/format";
import { formatAmount, parseAmount } from "@/lib/core/amount";
import type { Transaction } from "@/lib/ledger/transactions";
import { post } from "@/lib/ledger/post";
import { moveStorage } from "@/lib/storage/vault";
import { fillCrossedOrders } from "@/lib/strategies/fill-job";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { createStrategy, pauseStrategy, stopStrategy } from "../support/strategies";
import { cancel, trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();

// At 2650 USDT the ask is 2657.95 and the bid 2642.05 (site defaults: fee 20 bps, spread 30 bps).
beforeEach(async () => {
  await setPrice(db(), "2650");
});

async function trader(usdt = "5000") {
  const { user, token } = await registerUser();
  await fund(db(), user.id, "USDT", units(usdt));
  return { id: user.id, token };
}

async function transactions(token: string, query = "") {
  const res = await call(transactionsRoute, { token, path: `/api/records/transactions${query}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as { transactions: Transaction[]; page: number; pageSize: number; total: number };
}

/** Every leg of a transaction summed per asset, as decimal strings (assets summing to zero left out). */
function sumOfLegs(t: Transaction): Record<string, string> {
  const sums = new Map<string, bigint>();
  for (const leg of t.legs)
    sums.set(
      leg.asset,
      (sums.get(leg.asset) ?? 0n) +
        (leg.amount.startsWith("-") ? -parseAmount(leg.amount.slice(1), 6) : parseAmount(leg.amount, 6)),
    );
  return Object.fromEntries([...sums].filter(([, v]) => v !== 0n).map(([asset, v]) => [asset, formatAmount(v, 6)]));
}

/** A trade's title as the screens read it. */
const traded = (verb: "Bought" | "Sold", quantity: string) => `${verb} ${readable(quantity, "XAUT")} XAUt`;

const netOf = (t: Transaction) => Object.fromEntries(t.net.map((n) => [n.asset, n.amount]));

describe("records as transactions", () => {
  it("shows a market buy as one transaction whose net per asset is the sum of its legs", async () => {
    const u = await trader("1000");
    expect((await trade(u.token, { side: "buy", type: "market", quantity: "0.1" })).status).toBe(201);

    const { transactions: list, total } = await transactions(u.token);
    expect(total).toBe(2);
    const [buy, deposit] = list;
    expect(buy).toMatchObject({
      kind: "trade",
      title: traded("Bought", "0.10"),
      detail: "Market buy",
      hold: false,
      moved: [],
      link: { label: "View the order" },
    });
    // The cost, the fee (named) and the gold received: the user's three legs, none of the platform's.
    expect(buy!.legs.map((l) => [l.account, l.asset, l.amount, l.label])).toEqual([
      ["spot", "USDT", "-265.795000", null],
      ["spot", "USDT", "-0.531590", "Fee"],
      ["spot", "XAUT", "0.100000", null],
    ]);
    expect(netOf(buy!)).toEqual({ USDT: "-266.326590", XAUT: "0.100000" });
    expect(netOf(buy!)).toEqual(sumOfLegs(buy!));
    expect(deposit).toMatchObject({
      kind: "deposit",
      title: "Deposit",
      net: [{ asset: "USDT", amount: "1000.000000" }],
      legs: [{ account: "spot", amount: "1000.000000", balanceAfter: "1000.000000" }],
    });
    // The leg view is unchanged beside it: four entries.
    expect((await call(recordsRoute, { token: u.token, path: "/api/records" })).body.total).toBe(4);
  });

  it("leaves a limit order's placement and cancellation out unless holds are asked for", async () => {
    const u = await trader("1000");
    const placed = await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2600" });
    expect(placed.status).toBe(201);
    expect((await cancel(u.token, (placed.body.order as { id: string }).id)).status).toBe(200);

    const hidden = await transactions(u.token);
    expect(hidden.transactions.map((t) => t.kind)).toEqual(["deposit"]);
    expect(hidden.total).toBe(1);
    expect((await transactions(u.token, "?holds=false")).total).toBe(1);

    const shown = await transactions(u.token, "?holds=true");
    expect(shown.total).toBe(3);
    const [cancelled, placement] = shown.transactions;
    // 0.1 at 2600 is 260 USDT, plus a 0.52 USDT fee, reserved.
    expect(placement).toMatchObject({
      title: "Limit buy placed",
      hold: true,
      net: [],
      moved: [{ asset: "USDT", amount: "260.520000", to: "hold" }],
    });
    expect(cancelled).toMatchObject({
      title: "Limit buy cancelled",
      hold: true,
      net: [],
      moved: [{ asset: "USDT", amount: "260.520000", to: "spot" }],
    });
    expect(placement!.legs.map((l) => [l.account, l.amount])).toEqual([
      ["spot", "-260.520000"],
      ["hold", "260.520000"],
    ]);
  });

  it("shows a move between balances that is no hold (the vault) by default, as moved rather than gained or lost", async () => {
    const u = await trader("1000");
    await trade(u.token, { side: "buy", type: "market", quantity: "0.2" });
    await moveStorage(db(), u.id, "store", "0.05");
    const [stored] = (await transactions(u.token)).transactions;
    expect(stored).toMatchObject({
      kind: "storage",
      title: "Stored in the vault",
      hold: false,
      net: [],
      moved: [{ asset: "XAUT", amount: "0.050000", to: "storage" }],
    });
  });

  it("names a strategy's rounds as trades and its budget as moved, its orders' holds hidden", async () => {
    const u = await trader("1000");
    await setPrice(db(), "2680");
    const created = await createStrategy(u.token, {
      type: "grid",
      lower: "2500",
      upper: "2700",
      levels: 5,
      investment: "1000",
      acceptRisk: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.strategy as { id: string }).id;
    // The buy at 2650 fills, into the strategy's reserve; pausing cancels the rest, stopping releases the budget.
    await setPrice(db(), "2640");
    expect(await fillCrossedOrders(db())).toBe(1);
    expect((await pauseStrategy(u.token, id)).status).toBe(200);
    expect((await stopStrategy(u.token, id)).status).toBe(200);

    const shown = (await transactions(u.token, "?pageSize=100")).transactions;
    expect(shown.map((t) => [t.title, t.hold])).toEqual([
      ["Strategy budget released", false],
      [expect.stringMatching(/^Bought /), false],
      ["Strategy budget reserved", false],
      ["Deposit", false],
    ]);
    const [released, round, reserved] = shown;
    expect(reserved).toMatchObject({
      net: [],
      moved: [{ asset: "USDT", amount: "1000.000000", to: "reserve" }],
      detail: expect.stringMatching(/^Reserved for Grid/),
    });
    expect(round).toMatchObject({ detail: expect.stringMatching(/^Limit buy filled by Grid/) });
    // The gold it bought went into its reserve, and so counts in what the user holds.
    expect(netOf(round!).XAUT).toMatch(/^\d/);
    expect(netOf(round!)).toEqual(sumOfLegs(round!));
    expect(released!.moved.map((m) => [m.asset, m.to])).toEqual([
      ["USDT", "spot"],
      ["XAUT", "spot"],
    ]);

    const holds = (await transactions(u.token, "?holds=true&pageSize=100")).transactions.filter((t) => t.hold);
    expect(holds.length).toBeGreaterThanOrEqual(3);
    expect(new Set(holds.map((t) => t.title))).toEqual(
      new Set(["Limit buy placed", "Limit sell placed", "Back in the strategy's reserve"]),
    );
    expect(holds.find((t) => t.title === "Limit buy placed")!.detail).toMatch(/^Limit buy placed by Grid/);
  });

  it("pages by journal, newest first then by id, never splitting one, for every page size", async () => {
    const u = await trader("5000");
    await trade(u.token, { side: "buy", type: "market", quantity: "0.1" });
    // A limit at or above the ask fills at once: its placement and its fill share one instant, so
    // only the id orders them.
    await trade(u.token, { side: "buy", type: "limit", quantity: "0.2", price: "2700" });
    await trade(u.token, { side: "sell", type: "market", quantity: "0.15" });
    await trade(u.token, { side: "buy", type: "limit", quantity: "0.1", price: "2000" });

    const all = await transactions(u.token, "?holds=true&pageSize=100");
    expect(all.total).toBe(6);
    expect(all.transactions.map((t) => t.title)).toEqual([
      "Limit buy placed",
      traded("Sold", "0.15"),
      traded("Bought", "0.20"),
      "Limit buy placed",
      traded("Bought", "0.10"),
      "Deposit",
    ]);
    // A fill takes from the hold, yet changes the totals: it is no hold movement.
    expect((await transactions(u.token)).transactions.map((t) => t.title)).toEqual([
      traded("Sold", "0.15"),
      traded("Bought", "0.20"),
      traded("Bought", "0.10"),
      "Deposit",
    ]);
    const [, , fill, placement] = all.transactions;
    expect(fill!.createdAt).toBe(placement!.createdAt);
    expect(fill!.id > placement!.id).toBe(true);
    // Every leg of the user's is in exactly one transaction.
    expect(all.transactions.flatMap((t) => t.legs).length).toBe(
      (await call(recordsRoute, { token: u.token, path: "/api/records?pageSize=100" })).body.total,
    );

    for (const pageSize of [1, 2, 4, 5]) {
      const seen: Transaction[] = [];
      for (let page = 1; page <= Math.ceil(all.total / pageSize); page++) {
        const got = await transactions(u.token, `?holds=true&pageSize=${pageSize}&page=${page}`);
        expect(got.total).toBe(all.total);
        seen.push(...got.transactions);
      }
      expect(seen, `pages of ${pageSize}`).toEqual(all.transactions);
    }
    expect((await transactions(u.token, "?holds=true&pageSize=4&page=3")).transactions).toEqual([]);
  });

  it("never shows another user's journals, nor the platform's side of the user's own", async () => {
    const mine = await trader("1000");
    const theirs = await trader("2000");
    await trade(theirs.token, { side: "buy", type: "market", quantity: "0.3" });
    await trade(theirs.token, { side: "buy", type: "limit", quantity: "0.1", price: "2000" });

    const own = await transactions(mine.token, "?holds=true&pageSize=100");
    const other = await transactions(theirs.token, "?holds=true&pageSize=100");
    expect(own.total).toBe(1);
    expect(own.transactions[0]!.net).toEqual([{ asset: "USDT", amount: "1000.000000" }]);
    expect(other.total).toBe(3);
    expect(own.transactions.map((t) => t.id).filter((id) => other.transactions.some((t) => t.id === id))).toEqual([]);
    // Each journal is shown through the caller's own legs only.
    for (const t of [...own.transactions, ...other.transactions])
      expect(t.legs.every((l) => ["spot", "hold", "storage", "savings", "reserve"].includes(l.account))).toBe(true);
  });

  it("titles each kind of journal as people read it: a withdrawal's steps, savings, interest and the vault's earnings", async () => {
    const u = await trader("1000");
    const spot = { userId: u.id, asset: "USDT", kind: "spot" as const };
    const hold = { userId: u.id, asset: "USDT", kind: "hold" as const };
    const savings = { userId: u.id, asset: "USDT", kind: "savings" as const };
    const move = (
      kind: string,
      memo: string | null,
      from: Parameters<typeof post>[1]["legs"][number]["account"],
      to: typeof from,
      reference: string | null = null,
    ) =>
      post(db(), {
        kind,
        memo,
        reference,
        legs: [
          { account: from, amount: -1_000_000n },
          { account: to, amount: 1_000_000n },
        ],
      });
    await move("withdrawal", "requested", spot, hold);
    await move("withdrawal", "to 0xabc", hold, { system: "external", asset: "USDT" });
    await move("saving", "gold 30 days", spot, savings);
    await move("saving", null, spot, savings);
    await move("saving", "redeemed", savings, spot);
    await move("saving", "matured", savings, spot);
    await move("interest", "USDT flexible", { system: "interest", asset: "USDT" }, savings, "savings:1");
    await move("interest", null, { system: "interest", asset: "USDT" }, spot, "storage:2");
    await move("storage", null, spot, { userId: u.id, asset: "USDT", kind: "storage" });
    await move("referral", "for a friend", { system: "house", asset: "USDT" }, spot);

    const { transactions: list } = await transactions(u.token, "?holds=true&pageSize=20");
    expect(
      list
        .slice(0, 10)
        .reverse()
        .map((t) => [t.title, t.detail]),
    ).toEqual([
      ["Withdrawal requested", null],
      ["Withdrawal", "to 0xabc"],
      ["Gold 30 days", null],
      ["Savings", null],
      ["Savings redeemed", null],
      ["Savings matured", null],
      ["Savings interest", "USDT flexible"],
      ["Vault earnings", null],
      ["Storage", null],
      ["Referral reward", "for a friend"],
    ]);
  });

  it("filters by asset, kind and time, and refuses what is not a filter", async () => {
    const u = await trader("1000");
    await trade(u.token, { side: "buy", type: "market", quantity: "0.1" });
    await trade(u.token, { side: "sell", type: "limit", quantity: "0.05", price: "3000" });

    expect((await transactions(u.token, "?asset=xaut")).transactions.map((t) => t.title)).toEqual([
      traded("Bought", "0.10"),
    ]);
    expect((await transactions(u.token, "?asset=XAUT&holds=true")).transactions.map((t) => t.title)).toEqual([
      "Limit sell placed",
      traded("Bought", "0.10"),
    ]);
    expect((await transactions(u.token, "?asset=BTC")).total).toBe(0);
    // Filtered by asset, a trade still shows all of its legs.
    expect((await transactions(u.token, "?asset=XAUT")).transactions[0]!.legs).toHaveLength(3);
    expect((await transactions(u.token, "?kind=deposit")).transactions.map((t) => t.kind)).toEqual(["deposit"]);
    expect((await transactions(u.token, "?kind=deposit,trade")).total).toBe(2);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await transactions(u.token, `?from=${today}&to=${today}`)).total).toBe(2);
    expect((await transactions(u.token, `?from=${tomorrow}`)).total).toBe(0);
    expect((await transactions(u.token, `?to=2020-01-01`)).total).toBe(0);

    for (const [query, message] of [
      ["?holds=yes", "holds must be true or false"],
      ["?from=yesterday", "from must be a date such as 2026-01-31"],
      ["?pageSize=101", "pageSize can be at most 100"],
      ["?page=0", "page starts at 1"],
    ]) {
      const res = await call(transactionsRoute, { token: u.token, path: `/api/records/transactions${query}` });
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ success: false, message });
    }
    expect((await call(transactionsRoute, { path: "/api/records/transactions" })).status).toBe(401);
  });
});
