/**
 * What a refused Socket.IO handshake says, read by the browser's socket (components/hooks/realtime-socket.ts): the session
 * is not good (it stays signed out of realtime), or the server's database is away (it comes back).
 */
export const HANDSHAKE_REFUSED = { unauthorized: "unauthorized", unavailable: "unavailable" } as const;

/** How long a browser waits before trying a handshake again that the database's absence refused. */
export const UNAVAILABLE_RETRY_MS = 2_000;
