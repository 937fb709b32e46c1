import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deposits, uploads } from "@/db/schema";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { depositFrom, proofOfSize, withEnv } from "../support/deposit-form";
import { createWallet } from "../support/funding";
import { registerUser } from "../support/users";

const db = withTestDatabase();

beforeAll(async () => {
  expect((await createWallet((await signInAdmin(db())).token)).status).toBe(201);
});

const statusesOf = (results: { status: number }[]) => {
  const tally: Record<number, number> = {};
  for (const { status } of results) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
};

async function pendingOf(userId: string) {
  const [row] = await db()
    .select({ n: count(), bytes: sql`coalesce(sum(${uploads.size}), 0)`.mapWith(Number) })
    .from(deposits)
    .innerJoin(uploads, eq(uploads.id, deposits.proofId))
    .where(and(eq(deposits.userId, userId), eq(deposits.status, "pending")));
  return row!;
}

describe("deposit limits under a parallel burst (PostgreSQL)", () => {
  it("twenty parallel deposits of one user leave exactly three pending; the rest get 409, never 500", async () => {
    const user = await registerUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => depositFrom(user.token, `192.0.2.${100 + i}`)),
    );
    expect(statusesOf(results)).toEqual({ 201: 3, 409: 17 });
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === "TOO_MANY_PENDING_DEPOSITS")).toBe(
      true,
    );
    expect((await pendingOf(user.user.id)).n).toBe(3);
  });

  it("ten parallel 4 MB proofs of one user store exactly two: the 10 MB of pending proofs is never passed", async () => {
    await withEnv({ DEPOSITS_PENDING_PER_USER: "10" }, async () => {
      const user = await registerUser();
      const proof = proofOfSize(4 * 1024 * 1024);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => depositFrom(user.token, `192.0.2.${150 + i}`, proof)),
      );
      expect(statusesOf(results)).toEqual({ 201: 2, 409: 8 });
      expect(results.filter((r) => r.status === 409).every((r) => r.body.code === "PROOF_STORAGE_FULL")).toBe(true);
      expect(await pendingOf(user.user.id)).toEqual({ n: 2, bytes: 2 * proof.length });
    });
  });

  it("thirty parallel deposits from one address, three per user, store exactly the twenty an address may send in an hour", async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => registerUser()));
    const results = await Promise.all(users.flatMap((u) => [0, 1, 2].map(() => depositFrom(u.token, "192.0.2.200"))));
    expect(statusesOf(results)).toEqual({ 201: 20, 429: 10 });
    const [stored] = await db()
      .select({ n: count() })
      .from(deposits)
      .where(sql`${deposits.userId} in ${users.map((u) => u.user.id)}`);
    expect(stored!.n).toBe(20);
  });
});
