import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as del, GET as get, POST as create, PUT as put } from "@/app/api/admin/users/[id]/trade-config/route";
import { GET as settingsRoute } from "@/app/api/trades/trade-settings/route";
import { auditLogs, tradeConfigs } from "@/db/schema";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: { token: string; user: { id: string } };

beforeAll(async () => {
  admin = await signInAdmin(db());
});

const DEFAULTS = { enabled: true, feeBps: 20, spreadBps: 30, minQuantity: "0.001000", maxQuantity: "1000.000000", dailyLimit: "10000.000000" };
const config = (method: "GET" | "POST" | "PUT" | "DELETE", id: string, body?: unknown, token = admin.token) =>
  call({ GET: get, POST: create, PUT: put, DELETE: del }[method], { method, body, token, params: { id } });

const trail = (userId: string) =>
  db()
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.targetId, userId))
    .orderBy(auditLogs.createdAt);

describe("/api/admin/users/{id}/trade-config", () => {
  it("shows the defaults for a user without overrides", async () => {
    const { user } = await registerUser();
    const res = await config("GET", user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, overrides: null, defaults: DEFAULTS, effective: DEFAULTS, updatedAt: null });
  });

  it("creates, changes and removes overrides, each audited, and the user trades under them", async () => {
    const { user, token } = await registerUser();
    const created = await config("POST", user.id, { feeBps: 5, dailyLimit: "250.5" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      overrides: { enabled: null, feeBps: 5, spreadBps: null, minQuantity: null, maxQuantity: null, dailyLimit: "250.500000" },
      effective: { ...DEFAULTS, feeBps: 5, dailyLimit: "250.500000" },
    });
    expect((await config("POST", user.id, { feeBps: 6 })).status).toBe(409);

    // Left out keeps, null returns a field to the default.
    const changed = await config("PUT", user.id, { enabled: false, feeBps: null, maxQuantity: "2" });
    expect(changed.status).toBe(200);
    expect(changed.body.overrides).toEqual({ enabled: false, feeBps: null, spreadBps: null, minQuantity: null, maxQuantity: "2.000000", dailyLimit: "250.500000" });
    expect((await call(settingsRoute, { token })).body.settings).toMatchObject({ enabled: false, feeBps: 20, maxQuantity: "2.000000", dailyLimit: "250.500000" });

    const removed = await config("DELETE", user.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ overrides: null, effective: DEFAULTS });
    expect(await db().select().from(tradeConfigs).where(eq(tradeConfigs.userId, user.id))).toEqual([]);
    expect((await config("DELETE", user.id)).status).toBe(404);

    const actions = (await trail(user.id)).map((a) => [a.action, a.actorId]);
    expect(actions).toEqual([
      ["user.trade_config.update", admin.user.id],
      ["user.trade_config.update", admin.user.id],
      ["user.trade_config.delete", admin.user.id],
    ]);
    const [, second] = await trail(user.id);
    expect(second!.detail).toMatchObject({ before: { feeBps: 5, enabled: null }, after: { feeBps: null, enabled: false } });
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
    ["a minimum above the maximum", { minQuantity: "5", maxQuantity: "1" }, "The minimum quantity cannot be above the maximum quantity"],
    ["a minimum above the default maximum", { minQuantity: "1000.5" }, "The minimum quantity cannot be above the maximum quantity"],
  ])("refuses %s with a 400 and writes nothing", async (_, body, message) => {
    const { user } = await registerUser();
    const res = await config("PUT", user.id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await db().select().from(tradeConfigs).where(eq(tradeConfigs.userId, user.id))).toEqual([]);
    expect(await trail(user.id)).toEqual([]);
  });

  it("is for administrators only, and 404 for unknown users", async () => {
    const { user, token } = await registerUser();
    for (const method of ["GET", "POST", "PUT", "DELETE"] as const) {
      expect((await config(method, user.id, method === "GET" || method === "DELETE" ? undefined : { feeBps: 0 }, token)).status).toBe(403);
      expect((await config(method, user.id, method === "GET" || method === "DELETE" ? undefined : { feeBps: 0 }, "")).status).toBe(401);
    }
    expect(await db().select().from(tradeConfigs).where(eq(tradeConfigs.userId, user.id))).toEqual([]);
    expect((await config("GET", "0190f5c2-0000-7000-8000-000000000000")).status).toBe(404);
    expect((await config("PUT", "0190f5c2-0000-7000-8000-000000000000", { feeBps: 1 })).status).toBe(404);
    expect((await config("GET", "nope")).status).toBe(404);
  });
});
