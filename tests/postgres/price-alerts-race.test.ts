import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, priceAlerts } from "@/db/schema";
import { fireReachedAlerts } from "@/lib/alerts/fire";
import { alertRows, setAlert } from "../support/alerts";
import { withTestDatabase } from "../support/db";
import { expectNoDeadlocks } from "../support/deadlocks";
import { setPrice } from "../support/prices";
import { registerUser } from "../support/users";

const db = withTestDatabase();

expectNoDeadlocks();

describe("price alerts under concurrency (PostgreSQL)", () => {
  it("a burst of parallel requests sets exactly 20 active alerts", async () => {
    await setPrice(db(), "4012.35");
    const { user, token } = await registerUser();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => setAlert(token, { direction: "above", price: `${4100 + i}.41` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(20).fill("ALERT_LIMIT"));
    expect(await alertRows(db(), user.id)).toHaveLength(20);
    await db().delete(priceAlerts);
  });

  it("two instances' jobs racing on the same tick fire each alert exactly once, with one notification", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser()));
    for (let round = 0; round < 4; round++) {
      await setPrice(db(), "4012.35");
      // Five alerts each, all reached by the next tick (one at it exactly), on both sides of it.
      for (const { token } of users) {
        for (const price of ["4012.36", "4012.91", "4013.4"])
          expect((await setAlert(token, { direction: "above", price })).status).toBe(201);
        for (const price of ["4012.34", "4011.2"])
          expect((await setAlert(token, { direction: "below", price })).status).toBe(201);
      }
      await setPrice(db(), round % 2 ? "4013.4" : "4011.2");
      const reached = round % 2 ? 3 : 2;
      const [a, b] = await Promise.all([fireReachedAlerts(db()), fireReachedAlerts(db())]);
      expect(a + b).toBe(users.length * reached);
      const fired = await db().select().from(priceAlerts).where(eq(priceAlerts.status, "fired"));
      expect(fired).toHaveLength(users.length * reached);
      const sent = await db()
        .select()
        .from(notifications)
        .where(
          inArray(
            notifications.userId,
            users.map((u) => u.user.id),
          ),
        );
      expect(sent).toHaveLength(users.length * reached);
      expect(await fireReachedAlerts(db())).toBe(0);
      await db().delete(priceAlerts);
      await db().delete(notifications);
    }
    // Thirty alerts set through the API a round: minutes on a busy two-core machine.
  }, 180_000);
});
