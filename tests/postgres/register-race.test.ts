import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as registerRoute } from "@/app/api/auth/register/route";
import { rateLimitHits, users } from "@/db/schema";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registration, registerUser, uniqueName } from "../support/users";

const db = withTestDatabase();

describe("concurrent sign-ups and sign-ins (PostgreSQL)", () => {
  it("lets exactly one of twenty parallel sign-ups take a username; the rest get 409, never 500", async () => {
    const username = uniqueName("race");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(registerRoute, { body: registration({ username, email: `${username}_${i}@example.com` }) })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const [row] = await db().select({ n: count() }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
    expect(row!.n).toBe(1);
  });

  it("counts every one of many parallel failed sign-ins", async () => {
    const { payload } = await registerUser();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(loginRoute, { body: { usernameOrEmail: payload.username, password: `nope-${i}` }, ip: `10.1.0.${i}` })),
    );
    const [hits] = await db()
      .select({ n: rateLimitHits.count })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} = ${`login:account:${payload.username.toLowerCase()}`}`);
    expect(hits!.n).toBe(8);
  });
});
