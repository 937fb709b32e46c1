import { describe, expect, it } from "vitest";
import { strategies } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { GET as adminListRoute, POST as proposeRoute } from "@/app/api/admin/users/[id]/trade-setups/route";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { acceptSetup, listStrategies, resumeStrategy } from "../support/strategies";
import { registerUser } from "../support/users";

// No price is ever stored in this file: a new platform before the feed's first tick.
const db = withTestDatabase();

describe("strategies before the feed's first price", () => {
  it("are listed with their results and no value, and cannot start", async () => {
    const admin = await signInAdmin(db());
    const { user, token } = await registerUser();
    const proposed = await call(proposeRoute, {
      token: admin.token,
      params: { id: user.id },
      body: { type: "recurring", amount: "100", period: "daily" },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const id = (proposed.body.strategy as { id: string }).id;

    const none = "0.000000";
    const results = {
      fills: 0,
      bought: none,
      sold: none,
      invested: none,
      received: none,
      fees: none,
      averagePrice: null,
      holding: none,
      value: null,
      realised: none,
      unrealised: null,
    };
    const listed = { id, type: "recurring", status: "proposed", results };
    const mine = await listStrategies(token);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.strategies).toEqual([expect.objectContaining(listed)]);
    const theirs = await call(adminListRoute, { token: admin.token, params: { id: user.id } });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(theirs.body.strategies).toEqual([expect.objectContaining(listed)]);

    // Accepting it needs a price to check the round against: refused, and it stays proposed.
    const accepted = await acceptSetup(token, id, { acceptRisk: true });
    expect(accepted.status).toBe(422);
    expect(accepted.body).toMatchObject({
      code: "PRICE_UNAVAILABLE",
      message: "Trading is paused: there is no market price yet",
    });
    expect(((await listStrategies(token)).body.strategies as { status: string }[]).map((s) => s.status)).toEqual([
      "proposed",
    ]);
  });

  it("can be resumed when paused: a recurring buy needs no price until its round", async () => {
    const { user, token } = await registerUser();
    // Paused while the feed was up: a recurring buy places nothing when it resumes, only its next round does.
    const id = newId();
    await db().insert(strategies).values({
      id,
      userId: user.id,
      status: "paused",
      type: "recurring",
      amount: 100_000_000n,
      period: "daily",
      startedAt: new Date(),
    });
    const resumed = await resumeStrategy(token, id);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.strategy).toMatchObject({ id, status: "running" });
    expect((resumed.body.strategy as { nextRunAt: string | null }).nextRunAt).not.toBeNull();
  });
});
