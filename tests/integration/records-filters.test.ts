import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/records/export/route";
import { GET as recordsRoute } from "@/app/api/records/route";
import { GET as transactionsRoute } from "@/app/api/records/transactions/route";
import { accounts, entries, journals } from "@/db/schema";
import type { LedgerRecord } from "@/lib/ledger/records";
import type { Transaction } from "@/lib/ledger/transactions";
import { post, type AccountRef } from "@/lib/ledger/post";
import { readable } from "@/lib/core/format";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";

// The records' filters at their edges (the first and last instants a date can name, a date's end of
// day against an instant, each balance), every field of a record, the CSV's quoting and its guard
// against spreadsheet formulas, and the transactions' titles and order of what came in and went out.
// One user, whose entries are dated here by hand so each bound falls on one.

const db = withTestDatabase();
let user: { id: string; token: string };

const spot = (asset = "USDT"): AccountRef => ({ userId: user.id, asset, kind: "spot" });
const hold = (asset = "USDT"): AccountRef => ({ userId: user.id, asset, kind: "hold" });
const house = (asset = "USDT"): AccountRef => ({ system: "house", asset });

/** A journal moving `amount` units from one account to another, its entries dated `at`. */
async function move(
  at: string,
  kind: string,
  from: AccountRef,
  to: AccountRef,
  amount: bigint,
  extra: { memo?: string; reference?: string; label?: string } = {},
) {
  const posted = await post(db(), {
    kind,
    memo: extra.memo ?? null,
    reference: extra.reference ?? null,
    legs: [
      { account: from, amount: -amount },
      { account: to, amount, label: extra.label },
    ],
  });
  await dated(posted.journal.id, at);
  return posted;
}

async function dated(journalId: string, at: string) {
  await db()
    .update(entries)
    .set({ createdAt: new Date(at) })
    .where(eq(entries.journalId, journalId));
  await db()
    .update(journals)
    .set({ createdAt: new Date(at) })
    .where(eq(journals.id, journalId));
}

async function records(query: string) {
  const res = await call(recordsRoute, { token: user.token, path: `/api/records${query}` });
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as unknown as { records: LedgerRecord[]; total: number };
}

const memos = async (query: string) =>
  (await records(`${query}${query ? "&" : "?"}pageSize=100`)).records.map((r) => r.memo);

async function transactions(query: string) {
  const res = await call(transactionsRoute, { token: user.token, path: `/api/records/transactions${query}` });
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return (res.body as unknown as { transactions: Transaction[] }).transactions;
}

async function csv(query = "") {
  const req = new Request(`http://localhost/api/records/export${query}`, {
    headers: { authorization: `Bearer ${user.token}`, "x-aurum-client-ip": "127.0.0.1" },
  });
  const res = await exportRoute(req, { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return res.text();
}

let first: Awaited<ReturnType<typeof move>>;

beforeAll(async () => {
  const registered = await registerUser();
  user = { id: registered.user.id, token: registered.token };
  const deposit = await fund(db(), user.id, "USDT", 1_000_000_000n);
  await dated(deposit.journal.id, "1970-01-01T00:00:00.000Z");
  // The first instant a date can name, noon of one day, and the next day's first instant.
  first = await move("2026-03-10T12:00:00.000Z", "adjustment", house(), spot(), 2_500_000n, {
    memo: "noon",
    reference: "ref:1",
    label: "Bonus",
  });
  await move("2026-03-11T00:00:00.000Z", "trade", spot(), hold(), 1_000_000n, { memo: "midnight" });
});

describe("records, filtered", () => {
  it("answer every field of an entry", async () => {
    const [noon] = (await records("?kind=adjustment")).records;
    const [entry] = first.entries.filter((e) => e.amount > 0n);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, entry!.accountId));
    expect(account!.kind).toBe("spot");
    expect(noon).toEqual({
      id: entry!.id.toString(),
      journalId: first.journal.id,
      kind: "adjustment",
      account: "spot",
      asset: "USDT",
      amount: "2.500000",
      label: "Bonus",
      balanceAfter: "1002.500000",
      reference: "ref:1",
      memo: "noon",
      createdAt: "2026-03-10T12:00:00.000Z",
    });
  });

  it("from the first instant of 1970 to the last day of 9999, and nothing outside them", async () => {
    expect(await memos("?from=1970-01-01")).toEqual(["midnight", "midnight", "noon", null]);
    expect(await memos("?to=9999-12-31")).toEqual(["midnight", "midnight", "noon", null]);
    for (const [query, message] of [
      ["?from=1969-12-31", "from must be a date between 1970 and 9999"],
      ["?to=+010000-01-01", "to must be a date between 1970 and 9999"],
    ]) {
      const res = await call(recordsRoute, { token: user.token, path: `/api/records${query}` });
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ success: false, message });
    }
  });

  it("to a date includes that whole day; to an instant stops before it; from either starts at it", async () => {
    expect(await memos("?to=2026-03-10")).toEqual(["noon", null]);
    expect(await memos("?to=2026-03-10T12:00:00.000Z")).toEqual([null]);
    expect(await memos("?to=2026-03-10T12:00:00.001Z")).toEqual(["noon", null]);
    expect(await memos("?from=2026-03-10T12:00:00.000Z")).toEqual(["midnight", "midnight", "noon"]);
    expect(await memos("?from=2026-03-11")).toEqual(["midnight", "midnight"]);
    expect(await memos("?from=2026-03-10&to=2026-03-10")).toEqual(["noon"]);
  });

  it("by balance, and by several kinds at once", async () => {
    expect((await records("?account=hold")).records.map((r) => [r.account, r.amount])).toEqual([["hold", "1.000000"]]);
    expect((await records("?account=spot")).total).toBe(3);
    expect(await memos("?kind=deposit,adjustment")).toEqual(["noon", null]);
    expect(await memos("?kind=deposit, trade")).toEqual(["midnight", "midnight", null]);
    // Blanks between commas are no kinds: only commas filter nothing.
    expect(await memos("?kind=,adjustment,,")).toEqual(["noon"]);
    expect(await memos("?kind=,")).toEqual(["midnight", "midnight", "noon", null]);
  });

  it("by pages of any size", async () => {
    const all = await memos("");
    expect(all).toEqual(["midnight", "midnight", "noon", null]);
    const page = await records("?pageSize=3&page=2");
    expect(page).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(page.records.map((r) => r.memo)).toEqual([null]);
    expect((await records("?pageSize=2&page=2")).records.map((r) => r.memo)).toEqual(["noon", null]);
  });
});

describe("records as CSV", () => {
  it("quotes what holds a comma, a quote or a line break, and defuses text a spreadsheet would run", async () => {
    // Each memo is also the journal's reference, but for the last, which has none.
    const cells: [string, string][] = [
      ["a,b", '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      ["two\nlines", '"two\nlines"'],
      ["back\rreturn", '"back\rreturn"'],
      ["=1+1", "'=1+1"],
      ["+1", "'+1"],
      ["-1", "'-1"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\tx", "'\tx"],
      ["\rx", `"'\rx"`],
      ["a-b=c+d@e", "a-b=c+d@e"],
    ];
    const lines = [];
    for (const [memo, cell] of cells) {
      const posted = await move("2026-03-12T00:00:00.000Z", "referral", house(), spot(), 1n, { memo, reference: memo });
      lines.push(
        `2026-03-12T00:00:00.000Z,referral,,spot,USDT,0.000001,${balanceAfterOf(posted)},${cell},${cell},${posted.journal.id}`,
      );
    }
    const plain = await move("2026-03-12T00:00:00.000Z", "referral", house(), spot(), 1n, { memo: "plain" });
    lines.push(
      `2026-03-12T00:00:00.000Z,referral,,spot,USDT,0.000001,${balanceAfterOf(plain)},,plain,${plain.journal.id}`,
    );

    const text = await csv("?from=2026-03-12");
    expect(text).toBe(
      ["time,kind,label,account,asset,amount,balance_after,reference,memo,journal_id", ...lines.reverse()].join(
        "\r\n",
      ) + "\r\n",
    );
  });
});

describe("records as transactions", () => {
  const on = "2026-03-13T00:00:00.000Z";
  const legs = (...moves: [AccountRef, bigint][]) => moves.map(([account, amount]) => ({ account, amount }));

  it("list what came in before what went out, whichever leg was written first", async () => {
    const buy = await post(db(), {
      kind: "trade",
      legs: legs([spot(), -300_000n], [house(), 300_000n], [house("XAUT"), -1_500n], [spot("XAUT"), 1_500n]),
    });
    await dated(buy.journal.id, on);
    const sell = await post(db(), {
      kind: "trade",
      legs: legs([spot("XAUT"), -500n], [house("XAUT"), 500n], [house(), -100_000n], [spot(), 100_000n]),
    });
    await dated(sell.journal.id, on);
    const shown = await transactions(`?from=${on}`);
    expect(shown.map((t) => [t.title, t.net])).toEqual([
      [
        `Sold ${readable("0.000500", "XAUT")} XAUt`,
        [
          { asset: "USDT", amount: "0.100000" },
          { asset: "XAUT", amount: "-0.000500" },
        ],
      ],
      [
        `Bought ${readable("0.001500", "XAUT")} XAUt`,
        [
          { asset: "XAUT", amount: "0.001500" },
          { asset: "USDT", amount: "-0.300000" },
        ],
      ],
    ]);

    // Two gains and two losses: each side keeps the order its legs were written in.
    for (const asset of ["BTC", "ETH"])
      await dated((await fund(db(), user.id, asset, 10n)).journal.id, "1970-01-01T00:00:00.000Z");
    const swap = await post(db(), {
      kind: "adjustment",
      legs: legs(
        [spot(), 1n],
        [house(), -1n],
        [spot("XAUT"), 2n],
        [house("XAUT"), -2n],
        [spot("BTC"), -3n],
        [house("BTC"), 3n],
        [spot("ETH"), -4n],
        [house("ETH"), 4n],
      ),
    });
    await dated(swap.journal.id, "2026-03-13T01:00:00.000Z");
    const [both] = await transactions("?from=2026-03-13T01:00:00.000Z");
    expect(both!.net.map((n) => [n.asset, n.amount])).toEqual([
      ["USDT", "0.000001"],
      ["XAUT", "0.000002"],
      ["BTC", "-0.00000003"],
      ["ETH", "-0.00000004"],
    ]);
  });

  it("title a trade's funds set aside with and without a memo, interest without a reference, and any other strategy journal", async () => {
    const held = await post(db(), { kind: "trade", legs: legs([spot(), -7n], [hold(), 7n]) });
    await dated(held.journal.id, "2026-03-14T00:00:00.000Z");
    const paid = await post(db(), {
      kind: "interest",
      legs: legs([{ system: "interest", asset: "USDT" }, -3n], [spot(), 3n]),
    });
    await dated(paid.journal.id, "2026-03-14T00:00:00.000Z");
    // A user's own order's memo is its title alone; a strategy's names it after " by " (records-transactions).
    const placed = await post(db(), {
      kind: "trade",
      memo: "limit buy placed",
      legs: legs([spot(), -5n], [hold(), 5n]),
    });
    await dated(placed.journal.id, "2026-03-14T00:00:00.000Z");
    // A strategy's journal that neither reserves, releases nor holds: its kind's label, the memo under it.
    const other = await post(db(), {
      kind: "strategy",
      memo: "Grid 2500-2700",
      legs: legs([house(), -2n], [spot(), 2n]),
    });
    await dated(other.journal.id, "2026-03-14T00:00:00.000Z");
    expect((await transactions("?from=2026-03-14&holds=true")).map((t) => [t.title, t.detail, t.hold])).toEqual([
      ["Strategy", "Grid 2500-2700", false],
      ["Limit buy placed", null, true],
      ["Savings interest", null, false],
      ["Trade", null, true],
    ]);
  });
});

function balanceAfterOf(posted: Awaited<ReturnType<typeof move>>) {
  const leg = posted.entries.find((e) => e.amount > 0n)!;
  const units = leg.balanceAfter!.toString().padStart(7, "0");
  return `${units.slice(0, -6)}.${units.slice(-6)}`;
}
