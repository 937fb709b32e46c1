import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import { afterCommit, isTransaction, NO_FLUSH } from "@/db/transaction";
import { newId } from "@/lib/core/ids";
import { log } from "@/lib/core/log";

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

// Every piece waiting, in one statement: written once, prepared once per connection (db/raw.ts). Its
// own commit does not wait for the disk (NO_FLUSH): what the events announce has already committed
// and was flushed, and a NOTIFY that a crash loses is lost with the listeners' connections anyway.
const NOTIFY = `select pg_notify($1, piece)
  from (select ${NO_FLUSH}) as no_flush, unnest($2::text[]) as piece`;

// A NOTIFY payload must stay under 8000 bytes; pieces are ASCII, so characters are bytes.
const PIECE_CHARS = 7000;

// Pieces sent in one statement at most (~7 MB at the largest).
const BATCH_PIECES = 1000;

/** JSON with every non-ASCII character escaped: still valid JSON, and safe to cut anywhere. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function piecesOf(envelope: Envelope): string[] {
  const text = asciiJson(envelope);
  const id = newId();
  const count = Math.max(1, Math.ceil(text.length / PIECE_CHARS));
  return Array.from(
    { length: count },
    (_, index) => `${id} ${index} ${count} ${text.slice(index * PIECE_CHARS, (index + 1) * PIECE_CHARS)}`,
  );
}

interface Waiting {
  pieces: string[];
  sent: () => void;
}

interface Outbox {
  waiting: Waiting[];
  sending: boolean;
}

// Per database: the pieces waiting while a statement is in flight (one at a time).
const outboxes = new WeakMap<Db, Outbox>();

/** The waiting envelopes that fit one statement, oldest first (at least one, however large). */
function nextBatch(outbox: Outbox): Waiting[] {
  const batch = [outbox.waiting.shift()!];
  let count = batch[0]!.pieces.length;
  while (outbox.waiting.length && count + outbox.waiting[0]!.pieces.length <= BATCH_PIECES) {
    const next = outbox.waiting.shift()!;
    count += next.pieces.length;
    batch.push(next);
  }
  return batch;
}

async function drain(db: Db, outbox: Outbox): Promise<void> {
  outbox.sending = true;
  while (outbox.waiting.length) {
    const batch = nextBatch(outbox);
    try {
      await query(db, NOTIFY, [CHANNEL, batch.flatMap((w) => w.pieces)]);
    } catch (err) {
      log.error({ err, envelopes: batch.length }, "realtime: sending notifications failed");
    }
    for (const w of batch) w.sent();
  }
  outbox.sending = false;
}

/**
 * Sends `pieces` in the next NOTIFY statement on `db` (the database, not a transaction), with
 * whatever else is waiting; resolves once it was sent. A failure is logged, not thrown: what the
 * event announces has already committed, and a listener that missed it after an outage re-syncs
 * (lib/socket/server.ts).
 */
function notify(db: Db, pieces: string[]): Promise<void> {
  let outbox = outboxes.get(db);
  if (!outbox) outboxes.set(db, (outbox = { waiting: [], sending: false }));
  const sent = new Promise<void>((resolve) => outbox.waiting.push({ pieces, sent: resolve }));
  if (!outbox.sending) void drain(db, outbox);
  return sent;
}

/**
 * Sends `envelope` to every instance with NOTIFY. Given a transaction (opened by runTransaction or
 * inSavepoint), it leaves once that transaction has committed, and never if it rolls back; given
 * the database, at once. A large envelope goes as several pieces, and one transaction's envelopes
 * arrive in order.
 *
 * Not NOTIFY inside the transaction: PostgreSQL serializes the commits of every transaction that
 * notified on a lock held through its commit's flush to disk, so a NOTIFY in every trade made trades
 * commit one at a time, at the disk's flush rate (docs/BENCHMARKS.md). After the commit, envelopes
 * waiting together go in one statement. What that costs: an instance that dies between a commit and
 * its NOTIFY (a millisecond) loses those events, as a listener loses those sent while it
 * reconnects.
 */
export async function sendEnvelope(db: Db, envelope: Envelope): Promise<void> {
  const pieces = piecesOf(envelope);
  if (isTransaction(db)) afterCommit(db, (root) => notify(root, pieces));
  else await notify(db, pieces);
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
