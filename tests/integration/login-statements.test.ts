import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import { runTransaction } from "@/db/transaction";
import { login } from "@/lib/auth/login";
import { consume } from "@/lib/core/rate-limit";
import { onPostgres, withTestDatabase } from "../support/db";
import { registerUser } from "../support/users";

const db = withTestDatabase();

/**
 * The test's database through a second drizzle instance on the same driver client, seen through a
 * proxy that lists every statement sent (postgres.js `unsafe`, PGlite `query`: one round trip each).
 * The sign-in's figures in docs/BENCHMARKS.md follow from these counts: a statement more is a round
 * trip more, one after another, around a hash that takes ~12-40 ms.
 */
async function counting(): Promise<{ db: Db; statements: string[]; answers: unknown[][] }> {
  const statements: string[] = [];
  // Each statement's rows, at the same index, once answered.
  const answers: unknown[][] = [];
  const client = (db() as unknown as { $client: object }).$client;
  const send = onPostgres() ? "unsafe" : "query";
  const seen = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property !== send) return value.bind(target);
      return (text: string, ...rest: unknown[]) => {
        const index = statements.push(text.replace(/\s+/g, " ")) - 1;
        const pending = value.call(target, text, ...rest) as PromiseLike<unknown>;
        pending.then(
          (result) => (answers[index] = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows),
          () => undefined,
        );
        return pending;
      };
    },
  });
  const counted = onPostgres()
    ? (await import("drizzle-orm/postgres-js")).drizzle(seen as never, { schema })
    : (await import("drizzle-orm/pglite")).drizzle(seen as never, { schema });
  return { db: counted as unknown as Db, statements, answers };
}

const meta = { ip: "198.51.100.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };

describe("the statements of one sign-in", () => {
  it("a success is three: the account, the limits' hits, then the session with its history and the hits given back", async () => {
    const { payload } = await registerUser();
    const { db: counted, statements } = await counting();
    // The first sign-in from this browser is news (its activity record adds statements); the next is not.
    await login(counted, { usernameOrEmail: payload.username, password: payload.password }, meta);
    for (const ip of [meta.ip, "198.51.100.8"]) {
      statements.length = 0;
      await login(counted, { usernameOrEmail: payload.username, password: payload.password }, { ...meta, ip });
      expect(statements, ip).toHaveLength(3);
      expect(statements[0]).toMatch(/from "users"/);
      expect(statements[1]).toMatch(/insert into rate_limit_hits/);
      expect(statements[2]).toMatch(/insert into sessions.*insert into login_history/);
    }
  });

  it("a wrong password is three (its history record last), an unknown name two, a refusal by the limits three", async () => {
    const { payload } = await registerUser();
    const { db: counted, statements } = await counting();
    const attempt = async (usernameOrEmail: string, password: string) => {
      statements.length = 0;
      const failure = await login(counted, { usernameOrEmail, password }, { ...meta, ip: "198.51.100.9" }).then(
        () => null,
        (err: { status: number }) => err.status,
      );
      return { failure, statements: [...statements] };
    };

    const wrong = await attempt(payload.username, "not-it");
    expect(wrong.failure).toBe(401);
    expect(wrong.statements).toHaveLength(3);
    expect(wrong.statements[2]).toMatch(/insert into login_history/);

    expect(await attempt("nobody_by_this_name", "not-it")).toMatchObject({ failure: 401, statements: { length: 2 } });

    for (let i = 0; i < 9; i++) await attempt(payload.username, "not-it");
    const refused = await attempt(payload.username, payload.password);
    expect(refused.failure).toBe(429);
    expect(refused.statements).toHaveLength(3);
  });
});

describe("what a sign-in waits for", () => {
  it("its limits' hits and its session commit without waiting for the disk, and its look-up is left alone", async () => {
    const { payload } = await registerUser();
    const { db: counted, statements, answers } = await counting();
    await login(counted, { usernameOrEmail: payload.username, password: payload.password }, meta);
    statements.length = 0;
    answers.length = 0;
    await login(counted, { usernameOrEmail: payload.username, password: payload.password }, meta);
    expect(statements).toHaveLength(3);
    // set_config answers with the value it set: the statement's own transaction commits unflushed.
    expect(answers[1]).toEqual([expect.objectContaining({ unflushed: "off" })]);
    expect(answers[2]).toEqual([expect.objectContaining({ unflushed: "off" })]);
    expect(statements[0]).not.toMatch(/synchronous_commit/);
  });

  it("a limit's hit taken in a transaction leaves that transaction's commit waiting for the disk", async () => {
    const setting = await runTransaction(db(), async (tx) => {
      expect(await consume(tx, "test:unflushed", { max: 5, windowMs: 60_000 })).toBe(0);
      const [row] = await rowsOf<{ value: string }>(tx, sql`select current_setting('synchronous_commit') as value`);
      return row!.value;
    });
    expect(setting).toBe("on");
  });
});
