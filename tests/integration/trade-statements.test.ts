import { describe, expect, it } from "vitest";
import { runTransaction } from "@/db/transaction";
import { placeOrder } from "@/lib/trading/place-order";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice } from "../support/prices";
import { registerUser } from "../support/users";
import { watched } from "../support/watched-db";

const db = withTestDatabase();
/** place-order.ts's count of the user's open limit orders. */
const OPEN_ORDERS = /^select count\(\*\)::int as n from orders where user_id = \$1 and status = 'open'/;

describe("the statements of one market order", () => {
  it("lock and read its accounts once, with the order's reads, and then only write", async () => {
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", 100_000_000_000n);
    await fund(db(), user.id, "XAUT", 10_000_000n);
    await setPrice(db(), "4000");
    const { db: counted, statements } = await watched(db());
    // The first order may create the accounts it pays into; the next finds them all.
    await runTransaction(counted, (tx) => placeOrder(tx, user.id, { side: "buy", type: "market", quantity: 1_000n }));
    statements.length = 0;
    await runTransaction(counted, (tx) => placeOrder(tx, user.id, { side: "sell", type: "market", quantity: 1_000n }));
    const texts = statements.map((s) => s.text);
    // The user's accounts locked, and the system accounts read: each once, ahead of the posting.
    expect(texts.filter((t) => /from accounts a join unnest/.test(t))).toHaveLength(2);
    const lock = statements.find((s) => /for update of a/.test(s.text))!;
    expect(texts.filter((t) => /for update of a/.test(t))).toHaveLength(1);
    // In the order's first round trip: sent while the trader's row lock was still unanswered.
    expect(lock.alongside.some((t) => /from users where id = \$1 for no key update/.test(t))).toBe(true);
    // The system accounts too: a posting left to read them itself gives the same ledger a round trip later.
    const read = statements.find((s) => /from accounts a join unnest/.test(s.text) && !/for update/.test(s.text))!;
    expect(read.alongside.some((t) => /from users where id = \$1 for no key update/.test(t))).toBe(true);
    // And the writes in one more: the order goes with the journal.
    const order = statements.find((s) => /^insert into orders/.test(s.text))!;
    expect(order.alongside.some((t) => /^insert into journals/.test(t))).toBe(true);
    // Nothing it does not need: the count of open orders bounds a user's limit orders only.
    expect(texts.filter((t) => OPEN_ORDERS.test(t))).toEqual([]);
    // Its event after the commit, on the database's connection: a NOTIFY inside would make every
    // trade's commit wait for PostgreSQL's one notification lock.
    const notifies = statements.filter((s) => /pg_notify/.test(s.text));
    expect(notifies.map((s) => s.inTransaction)).toEqual([false]);
    expect(statements.indexOf(notifies[0]!)).toBe(statements.length - 1);
  });

  it.each([
    // Below the ask, or above the bid, so each waits: a buy holds USDT, a sell XAUt.
    ["buy", { side: "buy", type: "limit", quantity: 1_000n, limitPrice: 2_000_000_000n }],
    ["sell", { side: "sell", type: "limit", quantity: 1_000n, limitPrice: 6_000_000_000n }],
  ] as const)(
    "a limit %s that waits: its hold's accounts locked once, with the order's reads, and then only writes",
    async (_, limit) => {
      const { user } = await registerUser();
      await fund(db(), user.id, "USDT", 100_000_000_000n);
      await fund(db(), user.id, "XAUT", 10_000_000n);
      await setPrice(db(), "4000");
      const { db: counted, statements } = await watched(db());
      // The first may create the hold account.
      await runTransaction(counted, (tx) => placeOrder(tx, user.id, limit));
      statements.length = 0;
      await runTransaction(counted, (tx) => placeOrder(tx, user.id, limit));
      const locks = statements.filter((s) => /for update of a/.test(s.text));
      expect(locks).toHaveLength(1);
      expect(locks[0]!.alongside.some((t) => /from users where id = \$1 for no key update/.test(t))).toBe(true);
      const order = statements.find((s) => /^insert into orders/.test(s.text))!;
      expect(order.alongside.some((t) => /^insert into journals/.test(t))).toBe(true);
      expect(statements.filter((s) => OPEN_ORDERS.test(s.text))).toHaveLength(1);
    },
  );
});
