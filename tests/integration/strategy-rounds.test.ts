import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { strategies } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { runDueRounds } from "@/lib/strategies/rounds";
import { withInsertFault } from "../support/db-fault";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { askOf } from "@/lib/trading/pricing";
import { createStrategy, reserveOf, testClock } from "../support/strategies";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const clock = testClock();
const HOUR = 3_600_000;
const text = (v: bigint) => formatAmount(v, 6);
const rowOf = async (id: string) => (await db().select().from(strategies).where(eq(strategies.id, id)))[0]!;

describe("an open-ended recurring buy's top-up", () => {
  it("failing for a fault, not for want of balance, rolls the round back and leaves it due", async () => {
    await setPrice(db(), "2650", clock.advance(1_000));
    const { user, token } = await registerUser();
    await fund(db(), user.id, "USDT", units("200"));
    const created = await createStrategy(token, {
      type: "recurring",
      amount: "50",
      period: "hourly",
      acceptRisk: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.strategy as { id: string }).id;
    // Topped up after its first round: the next round's amount is reserved.
    expect(await reserveOf(db(), id, "USDT")).toBe(units("50"));
    const before = await rowOf(id);

    // The database refuses this strategy's next top-up as a fault would: the order goes through first.
    await setPrice(db(), "2650", clock.advance(HOUR + 60_000));
    const failed = await withInsertFault(
      db(),
      {
        name: "strategy_top_up_fault",
        table: "journals",
        when: `new.reference = '${id}' and new.memo like 'Reserved for%'`,
        message: "disk full",
      },
      () => runDueRounds(db(), clock.now()),
    );
    expect(failed).toContain("disk full");
    expect(await rowOf(id)).toEqual(before);
    expect(await runDueRounds(db(), clock.now())).toBe(1);
    expect(await rowOf(id)).toMatchObject({ roundsRun: 2, roundsSkipped: 0, reservedQuote: units("50") });
  });
});

describe("a recurring buy's price ceiling", () => {
  it("buys when the ask is at its ceiling, and skips when the ask is a unit above", async () => {
    await setPrice(db(), "2650", clock.advance(HOUR));
    const ask = askOf(units("2650"), 30);
    const { user, token } = await registerUser();
    await fund(db(), user.id, "USDT", units("200"));
    const at = await createStrategy(token, {
      type: "recurring",
      amount: "50",
      period: "daily",
      priceCeiling: text(ask),
      acceptRisk: true,
    });
    expect(at.body.strategy).toMatchObject({ roundsRun: 1, roundsSkipped: 0 });
    const below = await createStrategy(token, {
      type: "recurring",
      amount: "50",
      period: "daily",
      priceCeiling: text(ask - 1n),
      acceptRisk: true,
    });
    expect(below.body.strategy).toMatchObject({
      roundsRun: 0,
      roundsSkipped: 1,
      lastSkipReason: expect.stringContaining("above your ceiling"),
    });
  });
});
