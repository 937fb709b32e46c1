import { createHash } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as meRoute } from "@/app/api/proof/snapshots/[id]/me/route";
import { POST as takeRoute } from "@/app/api/admin/proof/snapshots/route";
import { ADVISORY_LOCKS } from "@/db/advisory-locks";
import { rowsOf } from "@/db/rows";
import { proofSnapshots } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { checkLedger } from "@/lib/ledger/check";
import { checkLatestSnapshot } from "@/lib/proof/check";
import { takeDailySnapshot } from "@/lib/proof/daily";
import type { ProofFile } from "@/lib/proof/proof-file";
import { takeSnapshot } from "@/lib/proof/snapshot";
import { verifyProof } from "@/lib/proof/verify";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { trade } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const sha256 = async (bytes: Uint8Array) => new Uint8Array(createHash("sha256").update(bytes).digest());

/**
 * Every (USDT, XAUT) total a user's accounts held between two of their journals, from the entries'
 * balance_after: a consistent snapshot shows one of these, never a mix of before and after one trade.
 */
async function statesOf(userId: string): Promise<Set<string>> {
  const rows = await rowsOf<{ journal_id: string; account_id: string; asset: string; balance_after: string }>(
    db(),
    sql`select e.journal_id, e.account_id, a.asset, e.balance_after::text from entries e join accounts a on a.id = e.account_id where a.user_id = ${userId} order by e.id`,
  );
  const latest = new Map<string, { asset: string; balance: bigint }>();
  const state = () =>
    ["USDT", "XAUT"]
      .map((asset) => [...latest.values()].filter((v) => v.asset === asset).reduce((t, v) => t + v.balance, 0n))
      .join("/");
  const states = new Set([state()]);
  rows.forEach((r, i) => {
    latest.set(r.account_id, { asset: r.asset, balance: BigInt(r.balance_after) });
    if (rows[i + 1]?.journal_id !== r.journal_id) states.add(state());
  });
  return states;
}

describe("proof of liabilities under concurrency (PostgreSQL)", () => {
  it("a snapshot taken while 10 clients trade is one consistent read of the ledger", async () => {
    await setPrice(db(), "2650.37");
    const traders = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const { user, token } = await registerUser();
        await fund(db(), user.id, "USDT", units("20000"));
        return { id: user.id, token };
      }),
    );
    let trading = true;
    const clients = traders.map(async (t, i) => {
      let n = 0;
      while (trading || n < 3) {
        const side = n % 3 === 2 ? "sell" : "buy";
        const res = await trade(t.token, { side, type: "market", quantity: i % 2 ? "0.013" : "0.021" });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        n++;
      }
      return n;
    });
    // Three snapshots while the trades go on; each must see every journal whole (the root's sums equal
    // the ledger's entries read in the same transaction, or it is refused with a 409). Two read in small
    // pages, so many reads and writes are pipelined on the connection while the trades commit.
    const snapshots = [];
    for (const [k, pageUsers] of [10_000, 5, 2].entries())
      snapshots.push(
        (await takeSnapshot(db(), { trigger: "daily", now: new Date(Date.UTC(2032, 0, 1 + k)), pageUsers }))!,
      );
    trading = false;
    const trades = await Promise.all(clients);
    expect(trades.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(30);

    for (const snapshot of snapshots) {
      for (const t of traders) {
        const proof = (await call(meRoute, { token: t.token, params: { id: snapshot.id } }))
          .body as unknown as ProofFile;
        expect((await verifyProof(proof, sha256, snapshot.rootHash)).ok).toBe(true);
        const seen = ["USDT", "XAUT"].map((a) => String(BigInt(proof.account.balances[a]!.replace(".", "")))).join("/");
        expect(await statesOf(t.id), `${t.id} in snapshot ${snapshot.id}`).toContain(seen);
      }
    }
    expect(await checkLedger(db())).toEqual([]);
    expect((await checkLatestSnapshot(db())).problems).toEqual([]);
  });

  it("three job runners at once publish one snapshot a day", async () => {
    const day = new Date("2033-03-03T00:00:07Z");
    const taken = await Promise.all([0, 1, 2].map(() => takeDailySnapshot(db(), day)));
    expect(taken.filter((s) => s !== null)).toHaveLength(1);
    const [{ n }] = (await db()
      .select({ n: count() })
      .from(proofSnapshots)
      .where(and(eq(proofSnapshots.day, "2033-03-03"), eq(proofSnapshots.trigger, "daily")))) as [{ n: number }];
    expect(n).toBe(1);
    // Bypassing the day check on purpose: the unique key alone still holds.
    expect(await Promise.all([0, 1, 2].map(() => takeSnapshot(db(), { trigger: "daily", now: day })))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("takes one snapshot at a time: while one is taken, an administrator's is refused with 409 and the daily job's waits", async () => {
    const admin = await signInAdmin(db());
    const actor = { id: admin.user.id, ip: null };
    // A snapshot in progress elsewhere holds the lock until its transaction ends.
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const taking = runTransaction(db(), async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.proofSnapshot})`);
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    const refused = await call(takeRoute, { token: admin.token });
    expect(refused).toMatchObject({ status: 409, body: { code: "SNAPSHOT_RUNNING" } });
    expect(await takeDailySnapshot(db(), new Date("2034-04-04T00:00:00Z"))).toBeNull();
    release();
    await taking;
    expect(await takeSnapshot(db(), { trigger: "admin", actor, now: new Date("2034-04-04T12:00:00Z") })).not.toBeNull();
    expect(await takeDailySnapshot(db(), new Date("2034-04-04T00:00:00Z"))).not.toBeNull();
  });
});
