import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDbHandle } from "@/db/client";
import { runTransaction } from "@/db/transaction";
import { getSettings, updateSettings } from "@/lib/settings";
import { watchSettings } from "@/lib/settings/cache";
import { withTestDatabase } from "../support/db";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** Changes the saved fee as a careless script would: no announcement. */
const setFeeQuietly = (feeBps: number) =>
  db().execute(
    sql`update settings set data = jsonb_set(data, '{trading,feeBps}', ${String(feeBps)}::jsonb) where id = 1`,
  );

describe("settings kept by a server that watches for changes", () => {
  it("are read once, then forgotten when any instance announces a change, and at once after a save here", async () => {
    const admin = await registerUser();
    await updateSettings(db(), { trading: { feeBps: 10 } }, { id: admin.user.id, ip: null });
    stop = await watchSettings(await getDbHandle());

    const first = await getSettings(db());
    expect(await getSettings(db())).toBe(first);
    // Unannounced, the change is not seen: these really are kept.
    await setFeeQuietly(11);
    expect((await getSettings(db())).trading.feeBps).toBe(10);

    // Another instance's save commits with a NOTIFY; this one forgets what it kept when it arrives.
    await db().execute(sql`select pg_notify('aurum_settings', '')`);
    await vi.waitFor(async () => expect((await getSettings(db())).trading.feeBps).toBe(11), { timeout: 5_000 });

    // This instance's own save is seen by its very next read.
    await updateSettings(db(), { trading: { feeBps: 12 } }, { id: admin.user.id, ip: null });
    expect((await getSettings(db())).trading.feeBps).toBe(12);
  });

  it("a transaction never waits on a read that needs another connection: it reads through itself", async () => {
    stop = await watchSettings(await getDbHandle());
    await setFeeQuietly(31);
    // The transaction holds a connection (PGlite's only one) while a read outside it is kept and
    // waits for a connection; joining that read from inside would wait forever.
    let outside: Promise<unknown> | undefined;
    const inside = await runTransaction(db(), async (tx) => {
      await tx.execute(sql`select 1`);
      outside = getSettings(db());
      const settings = await Promise.race([
        getSettings(tx),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("waited on the kept read")), 10_000)),
      ]);
      return settings.trading.feeBps;
    });
    expect(inside).toBe(31);
    expect(((await outside) as { trading: { feeBps: number } }).trading.feeBps).toBe(31);
    // What the transaction read was not kept: the read outside it still is.
    expect(await getSettings(db())).toBe(await outside);
    await setFeeQuietly(32);
    await db().execute(sql`select pg_notify('aurum_settings', '')`);
    await vi.waitFor(async () => expect((await getSettings(db())).trading.feeBps).toBe(32), { timeout: 5_000 });
    // Once a read has finished, a transaction takes the kept settings like anyone.
    const kept = await getSettings(db());
    expect(await runTransaction(db(), (tx) => getSettings(tx))).toBe(kept);
  });

  it("are shared, so nobody may change them in place", async () => {
    stop = await watchSettings(await getDbHandle());
    const kept = await getSettings(db());
    expect(() => {
      (kept.trading as { feeBps: number }).feeBps = 999;
    }).toThrow(TypeError);
  });

  it("are read afresh every time in a process that does not watch (scripts, tests)", async () => {
    await setFeeQuietly(21);
    expect((await getSettings(db())).trading.feeBps).toBe(21);
    await setFeeQuietly(22);
    expect((await getSettings(db())).trading.feeBps).toBe(22);
  });
});
