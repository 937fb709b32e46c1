import net from "node:net";

export interface TcpProxy {
  port: number;
  /**
   * Ends every connection through it and refuses new ones until `restore` is called, as a database
   * restart does: a test checks what happens during the outage without racing a clock.
   */
  down(): { restore(): void };
  /** An outage of `ms`, over when the promise settles. */
  cut(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 to `target`: a database outage made on demand, without touching the server. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    // Reset, not closed: a database that is down refuses the connection, an error the driver
    // reports at once. A connection accepted and then closed quietly looks like a hiccup, and
    // postgres.js retries a new connection's first query until the outage ends.
    if (down) return client.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => {});
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const proxy: TcpProxy = {
    port,
    down() {
      down = true;
      for (const socket of open) socket.destroy();
      return { restore: () => void (down = false) };
    },
    async cut(ms) {
      const outage = proxy.down();
      await new Promise((resolve) => setTimeout(resolve, ms));
      outage.restore();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
