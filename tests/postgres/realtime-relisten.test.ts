import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/core/log";
import { CHANNEL } from "@/lib/realtime/channel";
import { withTestDatabase } from "../support/db";
import { startRealtimeServer, type TestRealtimeServer } from "../support/realtime";
import { registeredSocket } from "../support/sockets";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let server: TestRealtimeServer;

beforeAll(async () => {
  server = await startRealtimeServer();
});
afterAll(() => server.close());

/** The backend holding this database's LISTEN on the realtime channel. */
async function listeningBackends(): Promise<number[]> {
  const rows = (await db().execute(
    sql`select pid from pg_stat_activity where datname = current_database() and query ilike ${`listen%${CHANNEL}%`}`,
  )) as unknown as { pid: number }[];
  return rows.map((r) => r.pid);
}

describe("an instance whose LISTEN connection is cut", () => {
  it("sends every socket back through the handshake once it listens again, since what was sent meanwhile never reached it", async () => {
    const { token, user } = await registerUser();
    const socket = await registeredSocket(server.url, token, user.id);
    const disconnected = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const [pid] = await listeningBackends();
    expect(pid).toBeDefined();
    const warn = vi.spyOn(log, "warn").mockImplementation(() => log);
    await db().execute(sql`select pg_terminate_backend(${pid!})`);

    // Revocations sent during the gap are lost: the server hangs up, and the handshake decides again.
    expect(await disconnected).toBe("io server disconnect");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("came back after a gap"));
    warn.mockRestore();
    await vi.waitFor(async () => expect((await listeningBackends()).filter((p) => p !== pid)).toHaveLength(1), {
      timeout: 10_000,
    });

    // The session is still live, so the client is let straight back in.
    socket.connect();
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    expect(await socket.emitWithAck("register", user.id)).toBe(true);
    socket.disconnect();
  });
});
