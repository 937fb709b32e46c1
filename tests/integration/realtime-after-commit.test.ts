import { describe, expect, it, vi } from "vitest";
import { getDbHandle, type Db } from "@/db/client";
import { afterCommit, inSavepoint, runTransaction } from "@/db/transaction";
import { log } from "@/lib/core/log";
import { CHANNEL, envelopeReader, sendEnvelope, type Envelope } from "@/lib/realtime/channel";
import { withTestDatabase } from "../support/db";
import { watched } from "../support/watched-db";

const db = withTestDatabase();

/** Every envelope on the channel from now on, by its event's name. */
async function hearing(): Promise<{ events: string[]; stop: () => Promise<void> }> {
  const events: string[] = [];
  const read = envelopeReader((e) => e.kind === "emit" && events.push(e.event));
  const stop = await (await getDbHandle()).listen(CHANNEL, read);
  return { events, stop };
}

const emit = (event: string, data: unknown = null): Envelope => ({ kind: "emit", to: { all: true }, event, data });

/** Until `events` holds `count` (NOTIFY arrives on another connection, a moment after it was sent). */
async function until(events: string[], count: number): Promise<void> {
  for (let waited = 0; events.length < count && waited < 10_000; waited += 20)
    await new Promise((r) => setTimeout(r, 20));
}

describe("realtime events of a transaction", () => {
  it("leave after it commits, in the order sent, and none while it is open", async () => {
    const heard = await hearing();
    let before: string[] = [];
    await runTransaction(db(), async (tx) => {
      await sendEnvelope(tx, emit("first"));
      await sendEnvelope(tx, emit("second", "x".repeat(20_000)));
      await sendEnvelope(tx, emit("third"));
      await new Promise((r) => setTimeout(r, 200));
      before = [...heard.events];
    });
    // Sent by the time runTransaction returned: the answer a client gets never outruns its event.
    await until(heard.events, 3);
    await heard.stop();
    expect(before).toEqual([]);
    expect(heard.events).toEqual(["first", "second", "third"]);
  });

  it("never leave when it rolls back, nor from a savepoint that rolled back; a savepoint's that held leave with the commit", async () => {
    const heard = await hearing();
    await expect(
      runTransaction(db(), async (tx) => {
        await sendEnvelope(tx, emit("rolled back"));
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    let afterSavepoint: string[] = [];
    await runTransaction(db(), async (tx) => {
      await expect(
        inSavepoint(tx, async (sp) => {
          await sendEnvelope(sp, emit("savepoint rolled back"));
          throw new Error("undo");
        }),
      ).rejects.toThrow("undo");
      await inSavepoint(tx, (sp) => sendEnvelope(sp, emit("savepoint held")));
      await new Promise((r) => setTimeout(r, 200));
      afterSavepoint = [...heard.events];
      await sendEnvelope(tx, emit("outer"));
    });
    await until(heard.events, 2);
    await new Promise((r) => setTimeout(r, 200));
    await heard.stop();
    expect(afterSavepoint).toEqual([]);
    expect(heard.events).toEqual(["savepoint held", "outer"]);
  });

  it("of transactions committing together go in fewer statements than events, none lost", async () => {
    const heard = await hearing();
    const { db: counted, statements } = await watched(db());
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runTransaction(counted, async (tx) => {
          await sendEnvelope(tx, emit(`t${i}.a`));
          await sendEnvelope(tx, emit(`t${i}.b`));
        }),
      ),
    );
    await until(heard.events, 40);
    await heard.stop();
    const notifies = statements.filter((s) => /pg_notify/.test(s.text));
    expect(notifies.every((s) => !s.inTransaction)).toBe(true);
    expect(notifies.length).toBeLessThan(20);
    expect(heard.events).toHaveLength(40);
    // Each transaction's own in order.
    for (let i = 0; i < 20; i++) expect(heard.events.indexOf(`t${i}.a`)).toBeLessThan(heard.events.indexOf(`t${i}.b`));
  });

  it("that could not be sent are logged, and the committed transaction still answers", async () => {
    const { db: failing, statements } = await watched(db(), { refuse: /pg_notify/ });
    const heard = await hearing();
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    await expect(
      runTransaction(failing, async (tx) => (await sendEnvelope(tx, emit("lost")), "committed")),
    ).resolves.toBe("committed");
    expect(logged.mock.calls.map((c) => c[1])).toEqual(["realtime: sending notifications failed"]);
    logged.mockRestore();
    expect(statements.filter((s) => /pg_notify/.test(s.text))).toHaveLength(1);
    // The next one goes: the failure did not leave the sender stuck.
    await sendEnvelope(db(), emit("next"));
    await until(heard.events, 1);
    await heard.stop();
    expect(heard.events).toEqual(["next"]);
  });

  it("can only be queued in a transaction runTransaction or inSavepoint opened", async () => {
    await expect(db().transaction((tx) => sendEnvelope(tx as unknown as Db, emit("unowned")))).rejects.toThrow(
      /did not open/,
    );
    expect(() => afterCommit(db(), async () => {})).toThrow(/did not open/);
  });
});
