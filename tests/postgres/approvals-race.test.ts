import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { POST as rejectRoute } from "@/app/api/admin/approvals/[id]/reject/route";
import { PUT as manageBalanceRoute } from "@/app/api/admin/users/[id]/manage-balance/route";
import { PUT as roleRoute } from "@/app/api/admin/users/[id]/role/route";
import { proposals, users } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { units } from "../support/prices";
import { balanceOf } from "../support/trading";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let maker: Awaited<ReturnType<typeof signInAdmin>>;
let checkers: Awaited<ReturnType<typeof signInAdmin>>[];

beforeAll(async () => {
  maker = await signInAdmin(db());
  checkers = await Promise.all(Array.from({ length: 6 }, () => signInAdmin(db())));
});

const propose = async (userId: string, body: Record<string, unknown>) => {
  const res = await call(manageBalanceRoute, {
    method: "PUT",
    token: maker.token,
    params: { id: userId },
    body: { operation: "credit", reason: "Race", ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return (res.body.proposal as { id: string }).id;
};

describe("approvals under concurrency (PostgreSQL)", () => {
  it("six administrators approving one proposal at once: it acts once, the others get 409", async () => {
    const { user } = await registerUser();
    const id = await propose(user.id, { amount: "5000" });
    const answers = await Promise.all(checkers.map((c) => call(approveRoute, { token: c.token, params: { id } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "ALREADY_DECIDED")).toBe(true);
    expect(await balanceOf(db(), user.id, "USDT")).toBe(units("5000"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("an approval racing a rejection: exactly one decides, and money moves only if it was the approval", async () => {
    for (let round = 0; round < 5; round++) {
      const { user } = await registerUser();
      const id = await propose(user.id, { amount: "2000" });
      const [approved, rejected] = await Promise.all([
        call(approveRoute, { token: checkers[0]!.token, params: { id } }),
        call(rejectRoute, { token: checkers[1]!.token, params: { id }, body: { reason: "Race" } }),
      ]);
      expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
      const [row] = await db().select({ status: proposals.status }).from(proposals).where(eq(proposals.id, id));
      expect(await balanceOf(db(), user.id, "USDT")).toBe(row!.status === "approved" ? units("2000") : 0n);
    }
  });

  it("two approved debits that together overdraw: one moves, the other fails and moves nothing", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", units("3000"));
    const [a, b] = [
      await propose(user.id, { amount: "2000", operation: "debit" }),
      await propose(user.id, { amount: "2000", operation: "debit" }),
    ];
    const answers = await Promise.all([
      call(approveRoute, { token: checkers[2]!.token, params: { id: a } }),
      call(approveRoute, { token: checkers[3]!.token, params: { id: b } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const statuses = (
      await db().select({ status: proposals.status }).from(proposals).where(eq(proposals.userId, user.id))
    )
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual(["approved", "failed"]);
    expect(await balanceOf(db(), user.id, "USDT")).toBe(units("1000"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("20 parallel credits by one administrator to one user are summed one after another: exactly those under the threshold act", async () => {
    const { user } = await registerUser();
    const credit = (i: number, amount: string) =>
      call(manageBalanceRoute, {
        method: "PUT",
        token: maker.token,
        params: { id: user.id },
        body: { operation: "credit", reason: "Split", amount },
        headers: { "Idempotency-Key": `split-${user.id}-${i}` },
      });
    // 100 each: nine make 900; the tenth would make 1,000, the threshold.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => credit(i, "100")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
    expect(answers.filter((a) => a.status === 202)).toHaveLength(11);
    expect(await balanceOf(db(), user.id, "USDT")).toBe(units("900"));
    // 999.99 each, for another user: one acts, nineteen wait.
    const { user: other } = await registerUser();
    const structured = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(manageBalanceRoute, {
          method: "PUT",
          token: maker.token,
          params: { id: other.id },
          body: { operation: "credit", reason: "Split", amount: "999.99" },
          headers: { "Idempotency-Key": `structured-${other.id}-${i}` },
        }),
      ),
    );
    expect(structured.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(202)]);
    expect(await balanceOf(db(), other.id, "USDT")).toBe(units("999.99"));
    expect(await checkLedger(db())).toEqual([]);
  });

  it("a proposal approved and then rejected at once: the rejection always loses, and the database keeps it approved", async () => {
    for (let round = 0; round < 3; round++) {
      const { user } = await registerUser();
      const id = await propose(user.id, { amount: "2000" });
      const approved = await call(approveRoute, { token: checkers[4]!.token, params: { id } });
      expect(approved.status).toBe(200);
      const rejections = await Promise.all(
        checkers
          .slice(0, 3)
          .map((c) => call(rejectRoute, { token: c.token, params: { id }, body: { reason: "Late" } })),
      );
      expect(rejections.map((r) => r.status)).toEqual([409, 409, 409]);
      const [row] = await db().select({ status: proposals.status }).from(proposals).where(eq(proposals.id, id));
      expect(row!.status).toBe("approved");
    }
  });

  it("a lone administrator granting two roles at once appoints one; the other waits for that second administrator", async () => {
    const lone = await signInAdmin(db());
    const others = [maker, ...checkers].map((a) => a.user.id);
    for (const id of others) await db().update(users).set({ role: "user" }).where(eq(users.id, id));
    const [x, y] = [await registerUser(), await registerUser()];
    const answers = await Promise.all(
      [x, y].map((u) =>
        call(roleRoute, { method: "PUT", token: lone.token, params: { id: u.user.id }, body: { role: "admin" } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
    for (const id of others) await db().update(users).set({ role: "admin" }).where(eq(users.id, id));
  });
});
