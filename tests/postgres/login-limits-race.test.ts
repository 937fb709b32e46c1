import { eq, like, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { rateLimitHits, users } from "@/db/schema";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser, uniqueName } from "../support/users";

const db = withTestDatabase();

const signIn = (usernameOrEmail: string, password: string, ip: string) =>
  call(loginRoute, { body: { usernameOrEmail, password }, ip });

const tally = (statuses: number[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((t) => t === s).length]));

/** The hits counted under keys starting with `prefix`: what the limits hold once a burst is over. */
async function hits(prefix: string): Promise<number> {
  const [row] = await db()
    .select({ n: sum(rateLimitHits.count) })
    .from(rateLimitHits)
    .where(like(rateLimitHits.key, `${prefix}%`));
  return Number(row?.n ?? 0);
}

// Exact under concurrency, like the parallel-debit tests: N parallel requests, then an exact count of
// those let through and of the hits the limits hold (a refused attempt leaves none, none is lost).
describe("sign-in limits under parallel bursts (PostgreSQL)", () => {
  it("lets exactly fifty of eighty parallel guesses from one address at eighty names through; the rest wait", async () => {
    const ip = "198.51.100.80";
    const prefix = uniqueName("spray");
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) => signIn(`${prefix}_${i}`, "Summer2026!", ip)),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 401: 50, 429: 30 });
    expect(await hits(`login:ip:${ip}`)).toBe(50);
    expect(await hits(`login:pair:name:${prefix}_`)).toBe(50);
    expect(await hits(`login:account:name:${prefix}_`)).toBe(50);
  });

  it("lets exactly a hundred of 130 parallel guesses at one account from 130 addresses through", async () => {
    const { payload, user } = await registerUser();
    const results = await Promise.all(
      Array.from({ length: 130 }, (_, i) => signIn(payload.username, `guess-${i}`, `198.51.101.${i}`)),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 401: 100, 429: 30 });
    expect(await hits(`login:account:user:${user.id}`)).toBe(100);
    expect(await hits(`login:pair:user:${user.id}:`)).toBe(100);
  });

  it("does not let guesses refused by the one-account-from-one-address limit use up the address's allowance for other accounts", async () => {
    const ip = "198.51.100.90";
    const { payload } = await registerUser();
    const prefix = uniqueName("other");
    // Thirty at one account (ten pass its limit) and forty at other names: fifty reach the address's limit, all of them allowed.
    const results = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => signIn(payload.username, `guess-${i}`, ip)),
      ...Array.from({ length: 40 }, (_, i) => signIn(`${prefix}_${i}`, "Summer2026!", ip)),
    ]);
    expect(tally(results.slice(0, 30).map((r) => r.status))).toEqual({ 401: 10, 429: 20 });
    expect(tally(results.slice(30).map((r) => r.status))).toEqual({ 401: 40 });
    expect(await hits(`login:ip:${ip}`)).toBe(50);
  });

  it("gives back every parallel success's hits and keeps every parallel failure's", async () => {
    const { payload, user } = await registerUser();
    const ips = Array.from({ length: 24 }, (_, i) => `198.51.102.${i}`);
    const results = await Promise.all(
      ips.map((ip, i) => signIn(payload.username, i % 3 === 0 ? `guess-${i}` : payload.password, ip)),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 200: 16, 401: 8 });
    expect(await hits(`login:account:user:${user.id}`)).toBe(8);
    expect(await hits(`login:pair:user:${user.id}:`)).toBe(8);
    expect(await hits("login:ip:198.51.102.")).toBe(8);
  });

  it("answers parallel right and wrong passwords on one account from one address without a server error", async () => {
    // A right password gives back the very rows the next attempts take hits on: every statement locks
    // them in the same order, so none waits on another in a cycle (a deadlock, a 500). The account is
    // disabled, so the address never becomes a known one and every attempt takes all three limits'
    // hits; six loops of eight keep them overlapping all along.
    const { payload, user } = await registerUser();
    await db().update(users).set({ status: "disabled" }).where(eq(users.id, user.id));
    const loops = await Promise.all(
      Array.from({ length: 6 }, async (_, loop) => {
        const statuses: number[] = [];
        for (let i = 0; i < 8; i++)
          statuses.push(
            (await signIn(payload.username, (loop + i) % 4 === 0 ? "not-it" : payload.password, "198.51.100.99"))
              .status,
          );
        return statuses;
      }),
    );
    const statuses = tally(loops.flat());
    expect(
      Object.keys(statuses).every((s) => ["401", "403", "429"].includes(s)),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses[403], JSON.stringify(statuses)).toBeGreaterThan(0);
  });
});
