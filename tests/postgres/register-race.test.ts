import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as registerRoute } from "@/app/api/auth/register/route";
import { users } from "@/db/schema";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registration, registerUser, uniqueName } from "../support/users";

const db = withTestDatabase();

describe("concurrent sign-ups and sign-ins (PostgreSQL)", () => {
  it("lets exactly one of twenty parallel sign-ups take a username; the rest get 409, never 500", async () => {
    const username = uniqueName("race");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(registerRoute, { body: registration({ username, email: `${username}_${i}@example.com` }) }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const [row] = await db()
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    expect(row!.n).toBe(1);
  });

  it("checks exactly ten of a hundred parallel wrong passwords from one address; the rest wait", async () => {
    const { payload } = await registerUser();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(loginRoute, { body: { usernameOrEmail: payload.username, password: `nope-${i}` }, ip: "10.1.0.9" }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
  });

  it("opens exactly the allowed number of accounts for sixty parallel sign-ups from one address", async () => {
    const before = process.env.REGISTRATIONS_PER_IP_PER_HOUR;
    process.env.REGISTRATIONS_PER_IP_PER_HOUR = "20";
    try {
      const prefix = uniqueName("burst");
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          call(registerRoute, {
            body: registration({ username: `${prefix}_${i}`, email: `${prefix}_${i}@example.com` }),
            ip: "198.51.100.60",
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
      const [row] = await db()
        .select({ n: count() })
        .from(users)
        .where(sql`${users.username} like ${`${prefix}\_%`}`);
      expect(row!.n).toBe(20);
    } finally {
      if (before === undefined) delete process.env.REGISTRATIONS_PER_IP_PER_HOUR;
      else process.env.REGISTRATIONS_PER_IP_PER_HOUR = before;
    }
  });
});
