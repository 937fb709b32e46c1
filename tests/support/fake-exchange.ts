import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/** A local stand-in for an exchange's public REST API; each test sets how it answers. */
export interface FakeExchange {
  url: string;
  requests: URL[];
  answer(handler: Handler): void;
  close(): Promise<void>;
}

export async function startFakeExchange(): Promise<FakeExchange> {
  let handler: Handler = (_req, res) => res.writeHead(503).end();
  const requests: URL[] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(url);
    open.add(res);
    res.on("close", () => open.delete(res));
    handler(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer: (h) => {
      handler = h;
    },
    close: async () => {
      open.forEach((res) => res.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

/** A Binance-style kline row: [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBase, takerQuote, ignore]. */
export function kline(openTime: Date, [open, high, low, close]: string[], volume = "1.50000000"): unknown[] {
  const t = openTime.getTime();
  return [t, open, high, low, close, volume, t + 59_999, "6000.00000000", 12, "0.70000000", "2800.00000000", "0"];
}
