import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { withTestDatabase } from "../support/db";

const db = withTestDatabase();

/** The statements prepared on the connection running `tx`: PostgreSQL keeps them per connection. */
const preparedOn = async (tx: ReturnType<typeof db>) =>
  ((await tx.execute(sql`select statement from pg_prepared_statements`)) as unknown as { statement: string }[]).map(
    (r) => r.statement,
  );

describe("queries through drizzle on PostgreSQL", () => {
  it("run as prepared statements, in and out of transactions, but not the bulk ones whose text varies", async () => {
    const few = Array.from({ length: 3 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const many = Array.from({ length: 200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const statements = await runTransaction(db(), async (tx) => {
      await tx.select({ id: users.id }).from(users).where(inArray(users.id, few));
      await tx.select({ id: users.id }).from(users).where(inArray(users.id, many));
      await tx.transaction(async (inner) => {
        await inner.execute(sql`select ${"in a savepoint"}::text as marker`);
      });
      return preparedOn(tx);
    });
    const named = (text: string) => statements.some((s) => s.includes(text));
    expect(named(`"users"."id" in ($1, $2, $3)`)).toBe(true);
    expect(named("$200")).toBe(false);
    expect(named("as marker")).toBe(true);
    // Outside a transaction too (some pooled connection: run it on all of them).
    await Promise.all(Array.from({ length: 12 }, () => db().execute(sql`select ${1}::int as pooled`)));
    const anywhere = await Promise.all(Array.from({ length: 12 }, () => preparedOn(db())));
    expect(anywhere.flat().some((s) => s.includes("as pooled"))).toBe(true);
  });
});
