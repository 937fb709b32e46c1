import type { Db } from "@/db/client";
import { sendEnvelope, type Audience } from "./channel";

export type { Audience };

export interface RealtimeMessage {
  to: Audience;
  event: string;
  /** Sent as JSON (no bigint: amounts travel as decimal strings, as in the API). */
  data: unknown;
}

/**
 * Sends an event to the audience's sockets on every instance of the app. Pass the db or the
 * transaction that wrote what the event announces: the event leaves only when that transaction
 * commits, and not at all if it rolls back. Outside a transaction it leaves at once.
 */
export async function publish(db: Db, message: RealtimeMessage): Promise<void> {
  await sendEnvelope(db, { kind: "emit", to: message.to, event: message.event, data: message.data });
}

/**
 * Tells every instance to drop these sessions' sockets, once the transaction that ended them
 * commits. Session code calls it here rather than through the Socket.IO server, which
 * authenticates with those same sessions and so sits above them.
 */
export async function dropSessions(db: Db, sessionIds: string[]): Promise<void> {
  if (sessionIds.length > 0) await sendEnvelope(db, { kind: "revoke", sessionIds });
}
