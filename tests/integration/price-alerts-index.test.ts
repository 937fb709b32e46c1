import { describe, expect, it } from "vitest";
import { reachedAlertsPlan, seedWaitingAlerts, usesIndex } from "@/bench/alerts";
import { fireReachedAlerts } from "@/lib/alerts/fire";
import { withTestDatabase } from "../support/db";
import { setPrice, units } from "../support/prices";
import { registerUser } from "../support/users";

// A tick is checked against every active alert each second: the search must be a range on the
// partial index, whatever the number of alerts, never a scan of them all. Timing is the bench's
// (`npm run bench:trades`, phase "alerts", on the same alerts); here, the plan.

const db = withTestDatabase();

describe("checking a tick against 10,000 active alerts", () => {
  it("reads the index on (direction, price) where active, not the table", async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser()));
    const price = units("4012.35");
    await seedWaitingAlerts(
      db(),
      users.map((u) => u.user.id),
      10_000,
      price,
    );
    const plan = await reachedAlertsPlan(db(), price);
    expect(usesIndex(plan), plan).toBe(true);
    // The same alerts the bench times a tick against: none is reached by the price they wait around.
    await setPrice(db(), "4012.35");
    expect(await fireReachedAlerts(db())).toBe(0);
    // Ten thousand rows written and analysed: half a minute on a busy two-core machine.
  }, 120_000);
});
