/**
 * One client process for `bench:realtime` (bench/realtime.ts forks a few, so the clients' own work
 * is spread out and the bench process stays free to time commits). It opens the sockets it is
 * given (socket.io-client, websocket transport, no reconnection), registers each as its user, and
 * records every `notification` with the time it arrived (performance.timeOrigin + now(): the same
 * machine clock as the bench's and the server's, at sub-millisecond resolution).
 */
import { io as connect, type Socket } from "socket.io-client";

export interface ClientLogin {
  token: string;
  userId: string;
}

export type ClientRequest =
  | { type: "connect"; url: string; logins: ClientLogin[]; concurrency: number }
  | { type: "count" }
  | { type: "collect" }
  | { type: "close" };

/** One notification as one socket received it: the user it was for, its title and id, and when. */
export type Receipt = [userId: string, title: string, id: string, at: number];

export type ClientReply =
  | { type: "connected"; ok: number; failures: string[] }
  | { type: "count"; received: number; disconnected: number }
  | { type: "receipts"; receipts: Receipt[] }
  | { type: "closed" };

const now = () => performance.timeOrigin + performance.now();
const reply = (message: ClientReply) => process.send!(message);

const sockets: Socket[] = [];
let receipts: Receipt[] = [];
let disconnected = 0;

function open(url: string, login: ClientLogin): Promise<void> {
  const socket = connect(url, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { token: login.token },
    forceNew: true,
    reconnection: false,
    timeout: 60_000,
  });
  socket.on("notification", (n: { id: string; title: string }) => {
    receipts.push([login.userId, n.title, n.id, now()]);
  });
  return new Promise((resolve, reject) => {
    socket.once("connect_error", (err) => reject(err));
    socket.once("connect", () => {
      socket.once("disconnect", () => disconnected++);
      sockets.push(socket);
      socket
        .timeout(60_000)
        .emitWithAck("register", login.userId)
        .then((ok: boolean) => (ok ? resolve() : reject(new Error("register refused"))), reject);
    });
  });
}

async function connectAll(url: string, logins: ClientLogin[], concurrency: number): Promise<ClientReply> {
  let next = 0;
  let ok = 0;
  const failures = new Set<string>();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < logins.length) {
        const login = logins[next++]!;
        await open(url, login).then(
          () => ok++,
          (err: unknown) => failures.add(err instanceof Error ? err.message : String(err)),
        );
      }
    }),
  );
  return { type: "connected", ok, failures: [...failures].slice(0, 5) };
}

process.on("message", (message: ClientRequest) => {
  switch (message.type) {
    case "connect":
      void connectAll(message.url, message.logins, message.concurrency).then(reply);
      return;
    case "count":
      return reply({ type: "count", received: receipts.length, disconnected });
    case "collect":
      reply({ type: "receipts", receipts });
      receipts = [];
      return;
    case "close":
      for (const socket of sockets.splice(0)) {
        socket.removeAllListeners("disconnect");
        socket.disconnect();
      }
      disconnected = 0;
      return reply({ type: "closed" });
  }
});
process.on("disconnect", () => process.exit(0));
