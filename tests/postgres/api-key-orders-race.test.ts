import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { orders } from "@/db/schema";
import { clientFor, dispatcher, insertKey } from "../support/api-keys";
import { withTestDatabase } from "../support/db";
import { fund } from "../support/ledger";
import { setPrice, units } from "../support/prices";
import { registerUser } from "../support/users";

const db = withTestDatabase();

afterEach(() => vi.unstubAllEnvs());

// Row locks contend only on PostgreSQL (PGlite runs one transaction at a time), so only here does
// this prove that a key's signed retries with one Idempotency-Key place one order.
describe("signed requests with one API key (PostgreSQL)", () => {
  it("place one order for 20 parallel requests with one Idempotency-Key; every answer names it", async () => {
    // The burst is one program's retries, not its order rate: the per-second limit is not under test.
    vi.stubEnv("API_KEY_ORDERS_PER_SECOND", "100");
    await setPrice(db(), "2650");
    const { user } = await registerUser();
    await fund(db(), user.id, "USDT", units("1000"));
    const client = clientFor(await insertKey(db(), user.id, { scopes: ["trade"] }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.placeOrder({ side: "buy", type: "market", total: "50" }, "burst-order-0001"),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const placed = await db().select().from(orders).where(eq(orders.userId, user.id));
    expect(placed).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.order.id))).toEqual(new Set([placed[0]!.id]));
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
  });

  it("refuses all but one of 20 parallel copies of one signed request, at once (the replay check is one row in the shared database)", async () => {
    const { user } = await registerUser();
    const client = clientFor(await insertKey(db(), user.id, { scopes: ["read"] }));
    const headers = client.sign("GET", "/api/auth/balance");
    const send = dispatcher();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(new Request("http://localhost/api/auth/balance", { headers }))),
    );
    const codes = await Promise.all(answers.map(async (a) => (a.status === 200 ? 200 : (await a.json()).code)));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === "API_SIGNATURE_REPLAYED")).toHaveLength(19);
  });
});
