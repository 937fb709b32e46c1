import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as manageBalance } from "@/app/api/admin/users/[id]/manage-balance/route";
import { GET as balanceRoute } from "@/app/api/auth/balance/route";
import { GET as exportRoute } from "@/app/api/records/export/route";
import { GET as recordsRoute } from "@/app/api/records/route";
import { auditLogs, journals } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { approvedBySecondAdmin, signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: { token: string; user: { id: string } };

beforeAll(async () => {
  admin = await signInAdmin(db());
});

const adjust = (userId: string, body: unknown, headers: Record<string, string> = {}, token = admin.token) =>
  call(manageBalance, { method: "PUT", body, token, params: { id: userId }, headers });

async function journalCount() {
  const [row] = await db().select({ n: count() }).from(journals);
  return row!.n;
}

async function usdt(token: string) {
  const res = await call(balanceRoute, { token });
  return (res.body.balances as { asset: string; available: string }[]).find((b) => b.asset === "USDT")!.available;
}

describe("PUT /api/admin/users/{id}/manage-balance", () => {
  it("credits and debits a user's balance, answering with the new balance", async () => {
    const { user, token } = await registerUser();
    const credit = await adjust(user.id, { amount: "250.5", operation: "credit", reason: "Welcome bonus" });
    expect(credit.status).toBe(200);
    expect(credit.body).toMatchObject({
      success: true,
      message: "Credited 250.50 USDT",
      asset: "USDT",
      amount: "250.500000",
      available: "250.500000",
    });
    const debit = await adjust(user.id, { amount: "0.5", operation: "debit", reason: "Correction", asset: "USDT" });
    expect(debit.body).toMatchObject({ success: true, available: "250.000000" });
    expect(await usdt(token)).toBe("250.000000");
    expect(await checkLedger(db())).toEqual([]);
    const trail = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, user.id))
      .orderBy(auditLogs.createdAt);
    expect(trail.map((a) => [a.action, a.actorId, (a.detail as { reason: string }).reason])).toEqual([
      ["user.balance.adjust", admin.user.id, "Welcome bonus"],
      ["user.balance.adjust", admin.user.id, "Correction"],
    ]);
  });

  it("refuses a debit beyond the balance with 422 and writes nothing", async () => {
    const { user } = await registerUser();
    await adjust(user.id, { amount: "10", operation: "credit", reason: "Funding" });
    const before = await journalCount();
    const res = await adjust(user.id, { amount: "10.000001", operation: "debit", reason: "Too much" });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      success: false,
      code: "INSUFFICIENT_FUNDS",
      message: "Insufficient USDT balance",
    });
    expect(await journalCount()).toBe(before);
  });

  it.each([
    [
      "a float amount",
      { amount: 12.5, operation: "credit", reason: "r" },
      'Amount must be a decimal string such as "12.50"',
    ],
    [
      "an exponent",
      { amount: "1e3", operation: "credit", reason: "r" },
      "Amount must be a plain decimal number, without an exponent",
    ],
    ["a negative amount", { amount: "-5", operation: "credit", reason: "r" }, "Amount must be greater than zero"],
    [
      "seven decimals for USDT",
      { amount: "1.0000001", operation: "credit", reason: "r" },
      "USDT amounts have at most 6 decimals",
    ],
    [
      "nine decimals for BTC",
      { amount: "1.000000001", operation: "credit", reason: "r", asset: "BTC" },
      "BTC amounts have at most 8 decimals",
    ],
    ["an unknown asset", { amount: "1", operation: "credit", reason: "r", asset: "DOGE" }, "Unknown asset DOGE"],
    ["a missing reason", { amount: "1", operation: "credit" }, "Please give a reason"],
    ["a blank reason", { amount: "1", operation: "credit", reason: "   " }, "Please give a reason"],
    ["an unknown operation", { amount: "1", operation: "steal", reason: "r" }, 'operation must be "credit" or "debit"'],
  ])("refuses %s with a 400 and writes nothing", async (_, body, message) => {
    const { user } = await registerUser();
    const before = await journalCount();
    const res = await adjust(user.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await journalCount()).toBe(before);
  });

  it("answers 404 for an unknown or malformed user id", async () => {
    const body = { amount: "1", operation: "credit", reason: "r" };
    expect((await adjust("0190f5c2-0000-7000-8000-000000000000", body)).status).toBe(404);
    expect((await adjust("not-a-uuid", body)).status).toBe(404);
  });

  it("is for administrators only", async () => {
    const { user, token } = await registerUser();
    const body = { amount: "1000000", operation: "credit", reason: "I deserve it" };
    expect((await adjust(user.id, body, {}, token)).status).toBe(403);
    expect((await call(manageBalance, { method: "PUT", body, params: { id: user.id } })).status).toBe(401);
    expect(await usdt(token)).toBe("0.000000");
  });

  it("posts once per Idempotency-Key and replays the first answer", async () => {
    const { user, token } = await registerUser();
    const body = { amount: "5", operation: "credit", reason: "Once" };
    const headers = { "Idempotency-Key": "credit-once-0001" };
    const first = await adjust(user.id, body, headers);
    const again = await adjust(user.id, body, headers);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await usdt(token)).toBe("5.000000");

    const reused = await adjust(user.id, { ...body, amount: "6" }, headers);
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    expect((await adjust(user.id, body, { "Idempotency-Key": "bad key!" })).status).toBe(400);
  });
});

describe("balances and records", () => {
  it("lists every asset's balances, zero where nothing was ever held", async () => {
    const { token } = await registerUser();
    const res = await call(balanceRoute, { token });
    expect(res.status).toBe(200);
    expect(res.body.balances).toEqual([
      {
        asset: "BTC",
        name: "Bitcoin",
        decimals: 8,
        available: "0.00000000",
        hold: "0.00000000",
        storage: "0.00000000",
        savings: "0.00000000",
        reserve: "0.00000000",
        valueUsdt: null,
      },
      {
        asset: "ETH",
        name: "Ether",
        decimals: 8,
        available: "0.00000000",
        hold: "0.00000000",
        storage: "0.00000000",
        savings: "0.00000000",
        reserve: "0.00000000",
        valueUsdt: null,
      },
      {
        asset: "USDC",
        name: "USD Coin",
        decimals: 6,
        available: "0.000000",
        hold: "0.000000",
        storage: "0.000000",
        savings: "0.000000",
        reserve: "0.000000",
        valueUsdt: "0.000000",
      },
      {
        asset: "USDT",
        name: "Tether USD",
        decimals: 6,
        available: "0.000000",
        hold: "0.000000",
        storage: "0.000000",
        savings: "0.000000",
        reserve: "0.000000",
        valueUsdt: "0.000000",
      },
      // No price has come from the feed in this database: XAUT cannot be valued yet.
      {
        asset: "XAUT",
        name: "Tether Gold",
        decimals: 6,
        available: "0.000000",
        hold: "0.000000",
        storage: "0.000000",
        savings: "0.000000",
        reserve: "0.000000",
        valueUsdt: null,
      },
    ]);
    expect(res.body).toMatchObject({
      totalUsdt: "0.000000",
      valuation: { xautBid: null, priceAt: null, stale: null, unvalued: [] },
    });
    expect((await call(balanceRoute)).status).toBe(401);
  });

  it("lists a user's own entries newest first, filtered and paginated, and exports them as CSV", async () => {
    const { user, token } = await registerUser();
    const other = await registerUser();
    await adjust(user.id, { amount: "100", operation: "credit", reason: "First" });
    // XAUT has no price here: any amount of it needs a second administrator.
    expect(
      (
        await approvedBySecondAdmin(
          db(),
          await adjust(user.id, { amount: "0.5", operation: "credit", reason: '=HYPERLINK("x")', asset: "XAUT" }),
        )
      ).status,
    ).toBe(200);
    await adjust(user.id, { amount: "30", operation: "debit", reason: "Third" });
    await adjust(other.user.id, { amount: "7", operation: "credit", reason: "Not yours" });

    const all = await call(recordsRoute, { token, path: "/api/records" });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect((all.body.records as { memo: string }[]).map((r) => r.memo)).toEqual(["Third", '=HYPERLINK("x")', "First"]);
    expect((all.body.records as object[])[0]).toMatchObject({
      kind: "adjustment",
      account: "spot",
      asset: "USDT",
      amount: "-30.000000",
      balanceAfter: "70.000000",
    });

    const usdtOnly = await call(recordsRoute, { token, path: "/api/records?asset=usdt&pageSize=1&page=2" });
    expect(usdtOnly.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect((usdtOnly.body.records as { memo: string }[])[0]!.memo).toBe("First");

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await call(recordsRoute, { token, path: `/api/records?from=${tomorrow}` });
    expect(future.body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(recordsRoute, { token, path: `/api/records?to=${today}&kind=adjustment` })).body.total).toBe(3);

    const bad = await call(recordsRoute, { token, path: "/api/records?from=yesterday" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("from must be a date such as 2026-01-31");

    const req = new Request("http://localhost/api/records/export?asset=XAUT", {
      headers: { authorization: `Bearer ${token}`, "x-aurum-client-ip": "127.0.0.1" },
    });
    const csv = await exportRoute(req, { params: Promise.resolve({}) });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="aurum-records-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("time,kind,label,account,asset,amount,balance_after,reference,memo,journal_id");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',adjustment,,spot,XAUT,0.500000,0.500000,,"\'=HYPERLINK(""x"")",');
  });
});
