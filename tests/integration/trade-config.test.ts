import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { DELETE as del, GET as get, POST as create, PUT as put } from "@/app/api/admin/users/[id]/trade-config/route";
import { GET as settingsRoute } from "@/app/api/trades/trade-settings/route";
import { accountEvents, auditLogs, tradeConfigs } from "@/db/schema";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call, type CallResult } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: { token: string; user: { id: string } };
let checker: { token: string; user: { id: string } };

beforeAll(async () => {
  admin = await signInAdmin(db());
  checker = await signInAdmin(db());
});

const DEFAULTS = {
  enabled: true,
  feeBps: 20,
  spreadBps: 30,
  minQuantity: "0.001000",
  maxQuantity: "1000.000000",
  dailyLimit: "10000.000000",
};
type Method = "GET" | "POST" | "PUT" | "DELETE";
const direct = (method: Method, id: string, body?: unknown, token = admin.token) =>
  call({ GET: get, POST: create, PUT: put, DELETE: del }[method], { method, body, token, params: { id } });

/**
 * A change as two administrators make it: what waits for a second one (any change but switching a
 * user's trading off) is approved by `checker`; answered as the direct call would (the config after it).
 */
async function config(method: Method, id: string, body?: unknown, token = admin.token): Promise<CallResult> {
  const res = await direct(method, id, body, token);
  if (res.status !== 202) return res;
  const approved = await call(approveRoute, {
    token: checker.token,
    params: { id: (res.body.proposal as { id: string }).id },
  });
  if (approved.status !== 200) return approved;
  return { ...(await direct("GET", id)), status: method === "POST" ? 201 : 200 };
}

const trail = (userId: string) =>
  db().select().from(auditLogs).where(eq(auditLogs.targetId, userId)).orderBy(auditLogs.createdAt);

// What the user was told, oldest first: each event's kind, what it says changed, and who did it.
const told = async (userId: string) =>
  (await db().select().from(accountEvents).where(eq(accountEvents.userId, userId)).orderBy(accountEvents.createdAt))
    .filter((e) => e.kind.startsWith("trade_config."))
    .map((e) => [e.kind, e.facts, e.actorId]);

describe("/api/admin/users/{id}/trade-config", () => {
  it("shows the defaults for a user without overrides", async () => {
    const { user } = await registerUser();
    const res = await config("GET", user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      overrides: null,
      defaults: DEFAULTS,
      effective: DEFAULTS,
      updatedAt: null,
    });
  });

  it("creates, changes and removes overrides, each audited, and the user trades under them", async () => {
    const { user, token } = await registerUser();
    const created = await config("POST", user.id, { feeBps: 5, dailyLimit: "250.5" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      overrides: {
        enabled: null,
        feeBps: 5,
        spreadBps: null,
        minQuantity: null,
        maxQuantity: null,
        dailyLimit: "250.500000",
      },
      effective: { ...DEFAULTS, feeBps: 5, dailyLimit: "250.500000" },
    });
    expect((await config("POST", user.id, { feeBps: 6 })).status).toBe(409);

    // Left out keeps, null returns a field to the default.
    const changed = await config("PUT", user.id, { enabled: false, feeBps: null, maxQuantity: "2" });
    expect(changed.status).toBe(200);
    expect(changed.body.overrides).toEqual({
      enabled: false,
      feeBps: null,
      spreadBps: null,
      minQuantity: null,
      maxQuantity: "2.000000",
      dailyLimit: "250.500000",
    });
    expect((await call(settingsRoute, { token })).body.settings).toMatchObject({
      enabled: false,
      feeBps: 20,
      maxQuantity: "2.000000",
      dailyLimit: "250.500000",
    });

    const removed = await config("DELETE", user.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ overrides: null, effective: DEFAULTS });
    expect(await db().select().from(tradeConfigs).where(eq(tradeConfigs.userId, user.id))).toEqual([]);
    expect((await config("DELETE", user.id)).status).toBe(404);

    const actions = (await trail(user.id)).map((a) => [a.action, a.actorId]);
    expect(actions).toEqual([
      ["user.trade_config.update", checker.user.id],
      ["user.trade_config.update", checker.user.id],
      ["user.trade_config.delete", checker.user.id],
    ]);
    const [, second] = await trail(user.id);
    expect(second!.detail).toMatchObject({
      before: { feeBps: 5, enabled: null },
      after: { feeBps: null, enabled: false },
    });
  });

  it("PUT creates overrides when there were none", async () => {
    const { user } = await registerUser();
    const res = await config("PUT", user.id, { spreadBps: 0 });
    expect(res.status).toBe(200);
    expect(res.body.effective).toMatchObject({ spreadBps: 0 });
  });

  it.each([
    ["a fee above 1000 bps", { feeBps: 1001 }, "The fee can be at most 1000 basis points"],
    ["a fractional spread", { spreadBps: 1.5 }, "The spread must be a whole number of basis points"],
    ["a negative fee", { feeBps: -1 }, "The fee cannot be negative"],
    ["a number as quantity", { minQuantity: 1 }, 'The minimum quantity must be a decimal string such as "10.5"'],
    ["too many decimals", { maxQuantity: "1.0000001" }, "XAUt amounts have at most 6 decimals"],
    ["an unknown field", { bonus: 5 }, 'Unrecognized key: "bonus"'],
    ["nothing at all", {}, "Please give at least one setting to change"],
    [
      "a minimum above the maximum",
      { minQuantity: "5", maxQuantity: "1" },
      "The minimum quantity cannot be above the maximum quantity",
    ],
    [
      "a minimum above the default maximum",
      { minQuantity: "1000.5" },
      "The minimum quantity cannot be above the maximum quantity",
    ],
  ])("refuses %s with a 400 and writes nothing", async (_, body, message) => {
    const { user } = await registerUser();
    const res = await config("PUT", user.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await db().select().from(tradeConfigs).where(eq(tradeConfigs.userId, user.id))).toEqual([]);
    expect(await trail(user.id)).toEqual([]);
  });

  it("tells the user each field changed, from and to, and nothing when nothing changed", async () => {
    const { user } = await registerUser();
    const all = {
      enabled: false,
      feeBps: 15,
      spreadBps: 7,
      minQuantity: "0.012345",
      maxQuantity: "12.345678",
      dailyLimit: "2345.67",
    };
    expect((await config("PUT", user.id, all)).status).toBe(200);
    // The same values again, and a field left out: nothing changed, so nothing is told.
    expect((await config("PUT", user.id, { feeBps: 15 })).status).toBe(200);
    const back = {
      enabled: true,
      feeBps: null,
      spreadBps: null,
      minQuantity: null,
      maxQuantity: null,
      dailyLimit: null,
    };
    expect((await config("PUT", user.id, back)).status).toBe(200);
    expect((await config("DELETE", user.id)).status).toBe(200);
    expect(await told(user.id)).toEqual([
      [
        "trade_config.changed",
        {
          changes:
            "trading site default → off, fee site default → 0.15\u00a0%, spread site default → 0.07\u00a0%, minimum quantity site default → 0.012345 XAUt, " +
            "maximum quantity site default → 12.345678 XAUt, daily limit site default → 2,345.67 USDT",
        },
        checker.user.id,
      ],
      [
        "trade_config.changed",
        {
          changes:
            "trading off → on, fee 0.15\u00a0% → site default, spread 0.07\u00a0% → site default, minimum quantity 0.012345 XAUt → site default, " +
            "maximum quantity 12.345678 XAUt → site default, daily limit 2,345.67 USDT → site default",
        },
        checker.user.id,
      ],
      ["trade_config.reset", {}, checker.user.id],
    ]);
  });

  it("keeps who changed the overrides and when, shows that time, and audits a removal with what was there", async () => {
    const { user } = await registerUser();
    const res = await config("PUT", user.id, { dailyLimit: "1234.567891" });
    const [row] = await db().select().from(tradeConfigs).where(eq(tradeConfigs.userId, user.id));
    expect(row).toMatchObject({ updatedBy: checker.user.id, dailyLimit: 1_234_567_891n, feeBps: null });
    expect(res.body.updatedAt).toBe(row!.updatedAt.toISOString());
    expect((await config("GET", user.id)).body).toMatchObject({
      updatedAt: row!.updatedAt.toISOString(),
      overrides: { dailyLimit: "1234.567891" },
    });

    expect((await config("DELETE", user.id)).body).toMatchObject({ overrides: null, updatedAt: null });
    const trailOf = await trail(user.id);
    expect(trailOf.map((a) => [a.action, a.targetType, a.targetId])).toEqual([
      ["user.trade_config.update", "user", user.id],
      ["user.trade_config.delete", "user", user.id],
    ]);
    expect(trailOf[0]!.detail).toEqual({
      before: null,
      after: {
        enabled: null,
        feeBps: null,
        spreadBps: null,
        minQuantity: null,
        maxQuantity: null,
        dailyLimit: "1234.567891",
      },
    });
    expect(trailOf[1]!.detail).toEqual({
      before: {
        enabled: null,
        feeBps: null,
        spreadBps: null,
        minQuantity: null,
        maxQuantity: null,
        dailyLimit: "1234.567891",
      },
    });
  });

  it("allows a minimum equal to the maximum", async () => {
    const { user } = await registerUser();
    const res = await config("PUT", user.id, { minQuantity: "3.141593", maxQuantity: "3.141593" });
    expect(res.status).toBe(200);
    expect(res.body.effective).toMatchObject({ minQuantity: "3.141593", maxQuantity: "3.141593" });
  });

  it.each([
    [
      "a minimum quantity with too many decimals",
      { minQuantity: "0.0000015" },
      { minQuantity: ["XAUt amounts have at most 6 decimals"] },
    ],
    [
      "a maximum quantity with too many decimals",
      { maxQuantity: "2.7182818" },
      { maxQuantity: ["XAUt amounts have at most 6 decimals"] },
    ],
    [
      "a daily limit with too many decimals",
      { dailyLimit: "99.1234567" },
      { dailyLimit: ["USDT amounts have at most 6 decimals"] },
    ],
    [
      "a minimum above the maximum",
      { minQuantity: "5.000001", maxQuantity: "5" },
      { minQuantity: ["The minimum quantity cannot be above the maximum quantity"] },
    ],
  ])("names the field at fault: %s", async (_, body, errors) => {
    const { user } = await registerUser();
    const res = await config("PUT", user.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      code: "VALIDATION_FAILED",
      message: Object.values(errors)[0]![0],
      errors,
    });
  });

  it("says why it refuses: a second creation, a removal with nothing to remove, an unknown user", async () => {
    const { user } = await registerUser();
    expect((await config("POST", user.id, { spreadBps: 11 })).status).toBe(201);
    expect((await config("POST", user.id, { spreadBps: 12 })).body).toEqual({
      success: false,
      code: "TRADE_CONFIG_EXISTS",
      message: "This user already has a trade config: change it with PUT",
    });
    expect((await config("GET", user.id)).body.overrides).toMatchObject({ spreadBps: 11 });
    expect((await config("DELETE", user.id)).status).toBe(200);
    expect((await config("DELETE", user.id)).body).toEqual({
      success: false,
      code: "NOT_FOUND",
      message: "This user has no trade config: the site defaults apply",
    });
    const unknown = "0190f5c2-0000-7000-8000-000000000000";
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      expect((await config(method, unknown, method === "PUT" ? { feeBps: 1 } : undefined)).body, method).toEqual({
        success: false,
        code: "NOT_FOUND",
        message: "User not found",
      });
    }
  });

  it("waits for a second administrator for any change but switching a user's trading off, shown field by field, stale when a field moved", async () => {
    const { user } = await registerUser();
    const off = await direct("PUT", user.id, { enabled: false });
    expect(off.status).toBe(200);
    const cheap = await direct("PUT", user.id, { feeBps: 0, spreadBps: 0, enabled: false });
    expect(cheap.status).toBe(202);
    expect(cheap.body.proposal).toMatchObject({
      kind: "trade_config.save",
      changes: [
        { label: "Fee", before: "site default", after: "0\u00a0%" },
        { label: "Spread", before: "site default", after: "0\u00a0%" },
      ],
    });
    expect(cheap.body.overrides).toMatchObject({ enabled: false, feeBps: null, spreadBps: null });
    const limit = await direct("PUT", user.id, { dailyLimit: "99999999" });
    expect(limit.status).toBe(202);
    const on = await direct("PUT", user.id, { enabled: true });
    expect(on.status).toBe(202);
    expect((await direct("DELETE", user.id)).status).toBe(202);
    // Another administrator's limit goes first: the one proposed from the old value is stale.
    const rival = await direct("PUT", user.id, { dailyLimit: "500" }, checker.token);
    expect(
      (await call(approveRoute, { token: admin.token, params: { id: (rival.body.proposal as { id: string }).id } }))
        .status,
    ).toBe(200);
    const stale = await call(approveRoute, {
      token: checker.token,
      params: { id: (limit.body.proposal as { id: string }).id },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "PROPOSAL_STALE" });
    expect((await direct("GET", user.id)).body.overrides).toMatchObject({
      enabled: false,
      feeBps: null,
      dailyLimit: "500.000000",
    });
  });

  it("is for administrators only, and 404 for unknown users", async () => {
    const { user, token } = await registerUser();
    for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
      expect(
        (await config(method, user.id, method === "GET" || method === "DELETE" ? undefined : { feeBps: 0 }, token))
          .status,
      ).toBe(403);
      expect(
        (await config(method, user.id, method === "GET" || method === "DELETE" ? undefined : { feeBps: 0 }, "")).status,
      ).toBe(401);
    }
    expect(await db().select().from(tradeConfigs).where(eq(tradeConfigs.userId, user.id))).toEqual([]);
    expect((await config("GET", "0190f5c2-0000-7000-8000-000000000000")).status).toBe(404);
    expect((await config("PUT", "0190f5c2-0000-7000-8000-000000000000", { feeBps: 1 })).status).toBe(404);
    expect((await config("GET", "nope")).status).toBe(404);
  });
});
