import { describe, expect, it } from "vitest";
import { GET as auditRoute } from "@/app/api/admin/audit/route";
import { audit } from "@/lib/audit";
import { auditActors } from "@/lib/audit/list";
import { signInAdmin } from "../support/admin";
import { call } from "../support/http";
import { withTestDatabase } from "../support/db";

const db = withTestDatabase();

const DAY = 24 * 60 * 60_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("the audit log's filters (GET /api/admin/audit, the dashboard's list)", () => {
  it("narrow by action, by administrator and by date, together, and say which value they refuse", async () => {
    const alice = await signInAdmin(db());
    const bob = await signInAdmin(db());
    const target = { type: "wallet", id: crypto.randomUUID() };
    const before = Date.now();
    await audit(db(), { actorId: alice.user.id, action: "wallet.create", target });
    await audit(db(), { actorId: alice.user.id, action: "wallet.update", target });
    await audit(db(), { actorId: bob.user.id, action: "wallet.update", target });
    const after = Date.now();

    const list = async (query: Record<string, string>) => {
      const res = await call(auditRoute, {
        token: alice.token,
        path: `/api/admin/audit?${new URLSearchParams({ targetId: target.id, ...query })}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.entries as { action: string; actor: string }[]).map((e) => `${e.actor} ${e.action}`);
    };
    const [a, b] = [alice.user.username, bob.user.username];

    expect(await list({})).toEqual([`${b} wallet.update`, `${a} wallet.update`, `${a} wallet.create`]);
    // An exact action, and a prefix of one.
    expect(await list({ action: "wallet.update" })).toEqual([`${b} wallet.update`, `${a} wallet.update`]);
    expect(await list({ action: "wallet." })).toHaveLength(3);
    expect(await list({ actor: a })).toEqual([`${a} wallet.update`, `${a} wallet.create`]);
    expect(await list({ actor: b, action: "wallet.create" })).toEqual([]);
    // Dates: `from` from the start of its day, `to` through the end of its own.
    const [first, last] = [dateOf(before), dateOf(after)];
    expect(await list({ from: first, to: last })).toHaveLength(3);
    expect(await list({ from: first })).toHaveLength(3);
    expect(await list({ to: last, actor: b })).toEqual([`${b} wallet.update`]);
    expect(await list({ from: dateOf(after + DAY) })).toEqual([]);
    expect(await list({ to: dateOf(before - DAY) })).toEqual([]);
    // An instant works as well as a day: nothing was recorded after `after`.
    expect(await list({ from: new Date(after + 1000).toISOString() })).toEqual([]);

    // The dashboard's administrator filter offers exactly those who acted.
    const actors = await auditActors(db());
    expect(actors).toEqual(expect.arrayContaining([a, b]));
    expect(actors).toEqual([...actors].sort());

    for (const [query, message] of [
      [{ from: "yesterday-ish" }, "from must be a date such as 2026-01-31"],
      [{ to: "31/01/2026" }, "to must be a date such as 2026-01-31"],
      [{ from: last, to: dateOf(before - 2 * DAY) }, "from must be before to"],
      [{ from: "0001-01-01" }, "from must be a date between 1970 and 9999"],
    ] as const) {
      const res = await call(auditRoute, {
        token: alice.token,
        path: `/api/admin/audit?${new URLSearchParams(query)}`,
      });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });
});
