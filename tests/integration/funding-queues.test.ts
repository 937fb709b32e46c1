import { beforeAll, describe, expect, it } from "vitest";
import { GET as depositQueueRoute } from "@/app/api/admin/deposits/route";
import { GET as withdrawalQueueRoute } from "@/app/api/admin/withdrawals/route";
import { deposits, uploads, withdrawals } from "@/db/schema";
import { insertUser } from "@/lib/auth/register";
import { pendingFunding } from "@/lib/funding/queues";
import { newId } from "@/lib/core/ids";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, PNG, txHash } from "../support/funding";
import { call } from "../support/http";
import { uniqueName } from "../support/users";

/**
 * The administrators' deposit and withdrawal queues and the dashboard's count of what waits. Rows
 * are written straight to the tables with times an hour apart, so the order is the rule's and not
 * the order of insertion; a BTC row shows each amount at its own asset's 8 decimals.
 */
const db = withTestDatabase();
let admin: string;
const hour = (n: number) => new Date(Date.UTC(2026, 0, 5, n));
const users = { alice: { id: "", username: uniqueName("alice") }, bob: { id: "", username: uniqueName("bob") } };
const ids = { d: [] as string[], w: [] as string[] };
let proofId: string;

type Queue = {
  deposits?: { id: string }[];
  withdrawals?: { id: string }[];
  total: number;
  page: number;
  pageSize: number;
};
const depositQueue = async (query = "") =>
  (await call(depositQueueRoute, { token: admin, path: `/api/admin/deposits${query}` })).body as unknown as Queue;
const withdrawalQueue = async (query = "") =>
  (await call(withdrawalQueueRoute, { token: admin, path: `/api/admin/withdrawals${query}` })).body as unknown as Queue;
const depositIds = async (query = "") => (await depositQueue(query)).deposits!.map((d) => ids.d.indexOf(d.id));
const withdrawalIds = async (query = "") => (await withdrawalQueue(query)).withdrawals!.map((w) => ids.w.indexOf(w.id));

beforeAll(async () => {
  admin = (await signInAdmin(db())).token;
  for (const u of Object.values(users))
    u.id = (
      await insertUser(db(), { username: u.username, email: `${u.username}@example.com`, password: "correct-horse" })
    ).id;
});

describe("with nothing waiting", () => {
  it("the dashboard counts none and names no oldest time", async () => {
    expect(await pendingFunding(db())).toEqual({
      deposits: { pending: 0, oldestAt: null },
      withdrawals: { pending: 0, oldestAt: null },
    });
    expect(await depositQueue()).toMatchObject({ deposits: [], total: 0 });
  });
});

describe("the queues", () => {
  beforeAll(async () => {
    proofId = newId();
    await db().insert(uploads).values({
      id: proofId,
      purpose: "deposit-proof",
      contentType: "image/png",
      size: PNG.length,
      bytes: PNG,
      ownerId: users.alice.id,
    });
    const deposit = (userId: string, values: Partial<typeof deposits.$inferInsert>) => ({
      id: newId(),
      userId,
      currency: "USDT",
      network: "TRC20" as const,
      amount: 250_500_000n,
      txHash: txHash("TRC20"),
      proofId,
      ...values,
    });
    const rows = [
      deposit(users.alice.id, { createdAt: hour(3) }), // 0: pending, the newer
      deposit(users.bob.id, {
        currency: "BTC",
        network: "BTC",
        amount: 1_250_000n,
        txHash: txHash("BTC"),
        createdAt: hour(2),
      }), // 1: pending, the older
      deposit(users.alice.id, {
        status: "approved",
        creditedAmount: 240_000_000n,
        reason: "Fee taken on chain",
        decidedAt: hour(9),
        createdAt: hour(4),
      }), // 2
      deposit(users.bob.id, { status: "rejected", reason: "No such transfer", decidedAt: hour(8), createdAt: hour(5) }), // 3
    ];
    await db().insert(deposits).values(rows);
    ids.d = rows.map((r) => r.id);
    const withdrawal = (userId: string, values: Partial<typeof withdrawals.$inferInsert>) => ({
      id: newId(),
      userId,
      currency: "USDT",
      network: "TRC20" as const,
      address: ADDRESSES.TRC20,
      amount: 40_000_000n,
      fee: 1_000_000n,
      ...values,
    });
    const ws = [
      withdrawal(users.bob.id, {
        currency: "BTC",
        network: "BTC",
        address: ADDRESSES.BTC,
        amount: 1_000_000n,
        fee: 10_000n,
        createdAt: hour(6),
      }), // 0: pending, the newer
      withdrawal(users.alice.id, { createdAt: hour(1) }), // 1: pending, the older
      withdrawal(users.alice.id, { status: "sent", txHash: "ab".repeat(32), decidedAt: hour(10), createdAt: hour(7) }), // 2
      withdrawal(users.bob.id, { status: "cancelled", decidedAt: hour(11), createdAt: hour(8) }), // 3
    ];
    await db().insert(withdrawals).values(ws);
    ids.w = ws.map((w) => w.id);
  });

  it("show the pending ones by default, the longest waiting first, and count only them", async () => {
    expect(await depositIds()).toEqual([1, 0]);
    expect(await depositQueue()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(await withdrawalIds()).toEqual([1, 0]);
    expect((await withdrawalQueue()).total).toBe(2);
  });

  it("show decided ones, and all, the latest first, each status counted alone", async () => {
    expect(await depositIds("?status=approved")).toEqual([2]);
    expect((await depositQueue("?status=approved")).total).toBe(1);
    expect(await depositIds("?status=all")).toEqual([3, 2, 0, 1]);
    expect((await depositQueue("?status=all")).total).toBe(4);
    expect(await withdrawalIds("?status=cancelled")).toEqual([3]);
    expect((await withdrawalQueue("?status=sent")).total).toBe(1);
    expect(await withdrawalIds("?status=all")).toEqual([3, 2, 0, 1]);
    expect((await withdrawalQueue("?status=all")).total).toBe(4);
  });

  it("page through a status, the total counting every page", async () => {
    expect(await depositIds("?status=all&page=2&pageSize=3")).toEqual([1]);
    expect(await depositQueue("?status=all&page=2&pageSize=3")).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(await withdrawalIds("?status=all&page=2&pageSize=3")).toEqual([1]);
    expect((await withdrawalQueue("?status=all&page=2&pageSize=3")).total).toBe(4);
  });

  it("show each request whole, with its owner and amounts at its asset's decimals", async () => {
    const [approved] = (await depositQueue("?status=approved")).deposits!;
    expect(approved).toEqual({
      id: ids.d[2],
      currency: "USDT",
      network: "TRC20",
      networkName: "Tron (TRC20)",
      amount: "250.500000",
      creditedAmount: "240.000000",
      txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      proofUrl: `/api/uploads/${proofId}`,
      status: "approved",
      reason: "Fee taken on chain",
      createdAt: hour(4).toISOString(),
      decidedAt: hour(9).toISOString(),
      userId: users.alice.id,
      username: users.alice.username,
    });
    const [btc] = (await depositQueue()).deposits!;
    expect(btc).toMatchObject({
      id: ids.d[1],
      networkName: "Bitcoin",
      amount: "0.01250000",
      creditedAmount: null,
      reason: null,
      decidedAt: null,
      userId: users.bob.id,
      username: users.bob.username,
    });

    const [sent] = (await withdrawalQueue("?status=sent")).withdrawals!;
    expect(sent).toEqual({
      id: ids.w[2],
      currency: "USDT",
      network: "TRC20",
      networkName: "Tron (TRC20)",
      address: ADDRESSES.TRC20,
      amount: "40.000000",
      fee: "1.000000",
      total: "41.000000",
      status: "sent",
      txHash: "ab".repeat(32),
      // Off a followed chain (Tron), and no explorer link set: the on-chain fields are there, empty.
      explorerUrl: null,
      chainStatus: null,
      confirmations: null,
      required: null,
      confirmedAt: null,
      chainProblem: null,
      returnedAt: null,
      reason: null,
      createdAt: hour(7).toISOString(),
      decidedAt: hour(10).toISOString(),
      userId: users.alice.id,
      username: users.alice.username,
    });
    const [, pendingBtc] = (await withdrawalQueue()).withdrawals!;
    expect(pendingBtc).toMatchObject({
      id: ids.w[0],
      network: "BTC",
      address: ADDRESSES.BTC,
      amount: "0.01000000",
      fee: "0.00010000",
      total: "0.01010000",
      txHash: null,
      decidedAt: null,
      userId: users.bob.id,
      username: users.bob.username,
    });
  });

  it("are counted on the dashboard: how many wait, and since when the oldest has", async () => {
    expect(await pendingFunding(db())).toEqual({
      deposits: { pending: 2, oldestAt: hour(2).toISOString() },
      withdrawals: { pending: 2, oldestAt: hour(1).toISOString() },
    });
  });
});
