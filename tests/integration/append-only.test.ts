import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/core/ids";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { refusal as refusalOf } from "../support/refusal";
import { registerUser } from "../support/users";

const db = withTestDatabase();

const refusal = (statement: SQL) => refusalOf(db(), statement);

describe("history the database keeps append-only (migration 0025)", () => {
  it("account events: never changed, removed or truncated", async () => {
    const { user } = await registerUser();
    const id = newId();
    await db().execute(
      sql`insert into account_events (id, user_id, kind, actor, facts) values (${id}, ${user.id}, 'test.event', 'you', '{}')`,
    );
    expect(await refusal(sql`update account_events set reason = 'edited' where id = ${id}`)).toBe(
      "account_events is append-only: UPDATE refused",
    );
    expect(await refusal(sql`delete from account_events where id = ${id}`)).toBe(
      "account_events is append-only: DELETE refused",
    );
    expect(await refusal(sql`truncate account_events`)).toBe("account_events is append-only: TRUNCATE refused");
  });

  it("proposals: a decided one is never removed (nor changed: 0024)", async () => {
    const maker = await signInAdmin(db());
    const checker = await signInAdmin(db());
    const id = newId();
    await db().execute(
      sql`insert into proposals (id, kind, payload, change, proposed_by, expires_at) values (${id}, 'test.kind', '{}', '{}', ${maker.user.id}, now() + interval '1 day')`,
    );
    expect(
      await refusal(
        sql`update proposals set status = 'approved', decided_by = ${checker.user.id}, decided_at = now() where id = ${id}`,
      ),
    ).toBe("accepted");
    // Changing it is refused since 0024; removing it, and emptying the table, since 0025.
    expect(await refusal(sql`update proposals set status = 'rejected', outcome = 'too late' where id = ${id}`)).toBe(
      `proposal ${id} was already approved: a decided proposal never changes`,
    );
    expect(await refusal(sql`delete from proposals where id = ${id}`)).toBe(
      "proposals is append-only once decided: DELETE refused",
    );
    expect(await refusal(sql`truncate proposals`)).toBe("proposals is append-only: TRUNCATE refused");

    // A pending one may still be withdrawn by removing it (nothing was decided).
    const pending = newId();
    await db().execute(
      sql`insert into proposals (id, kind, payload, change, proposed_by, expires_at) values (${pending}, 'test.kind', '{}', '{}', ${maker.user.id}, now() + interval '1 day')`,
    );
    expect(await refusal(sql`delete from proposals where id = ${pending}`)).toBe("accepted");
  });
});
