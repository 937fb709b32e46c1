import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import { newId } from "@/lib/ids";

/** The PostgreSQL NOTIFY channel every instance of the app listens on. */
export const CHANNEL = "aurum_realtime";

export type Audience = { userId: string } | { room: string } | { all: true };

/** What travels between instances: an event to emit, or a control message. */
export type Envelope =
  | { kind: "emit"; to: Audience; event: string; data: unknown }
  /** Sessions that were revoked: their sockets are disconnected wherever they are. */
  | { kind: "revoke"; sessionIds: string[] }
  /** A notification sent to all users: each instance looks up its own users' notification ids. */
  | { kind: "notification-broadcast"; broadcastId: string };

// Sent with every trade (db/raw.ts: written once, prepared once per connection).
const NOTIFY = "select pg_notify($1, $2)";

// A NOTIFY payload must stay under 8000 bytes; pieces are ASCII, so characters are bytes.
const PIECE_CHARS = 7000;

/** JSON with every non-ASCII character escaped: still valid JSON, and safe to cut anywhere. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Sends `envelope` to every instance with NOTIFY on `db`, which may be a transaction: PostgreSQL
 * (and PGlite) deliver it only when that transaction commits, and never if it rolls back.
 * A large envelope goes as several pieces; one transaction's notifications arrive in order.
 */
export async function sendEnvelope(db: Db, envelope: Envelope): Promise<void> {
  const text = asciiJson(envelope);
  const id = newId();
  const count = Math.max(1, Math.ceil(text.length / PIECE_CHARS));
  for (let index = 0; index < count; index++) {
    const piece = text.slice(index * PIECE_CHARS, (index + 1) * PIECE_CHARS);
    await query(db, NOTIFY, [CHANNEL, `${id} ${index} ${count} ${piece}`]);
  }
}

// A message's pieces are delivered together; anything left incomplete this long is dropped.
const PARTIAL_TTL_MS = 60_000;

/** Reassembles pieces into envelopes; returns a function to feed each NOTIFY payload to. */
export function envelopeReader(onEnvelope: (envelope: Envelope) => void): (payload: string) => void {
  const partial = new Map<string, { pieces: string[]; received: number; since: number }>();
  return (payload) => {
    const [id, index, count] = payload.split(" ", 3);
    const piece = payload.slice(`${id} ${index} ${count} `.length);
    const total = Number(count);
    if (!id || !Number.isInteger(total) || total < 1) return;
    if (total === 1) return onEnvelope(JSON.parse(piece) as Envelope);

    const now = Date.now();
    for (const [key, entry] of partial) if (now - entry.since > PARTIAL_TTL_MS) partial.delete(key);
    const entry = partial.get(id) ?? { pieces: new Array<string>(total).fill(""), received: 0, since: now };
    partial.set(id, entry);
    entry.pieces[Number(index)] = piece;
    entry.received++;
    if (entry.received < total) return;
    partial.delete(id);
    onEnvelope(JSON.parse(entry.pieces.join("")) as Envelope);
  };
}
