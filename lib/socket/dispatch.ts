import type { Server } from "socket.io";
import type { Db } from "@/db/client";
import { broadcastDeliveries } from "@/lib/notifications/broadcast-deliveries";
import { deliveredNotification } from "@/lib/notifications/views";
import type { Envelope } from "@/lib/realtime/channel";
import type { RealtimeMemory } from "./recent";
import { sessionRoom, USER_ROOM_PREFIX, userRoom } from "@/lib/realtime/rooms";

/**
 * Users whose rows are delivered between two turns of the event loop during a broadcast: a
 * slice takes a few tens of milliseconds, so handshakes, requests and other events are not held
 * up for the whole fan-out.
 */
const USERS_PER_TURN = 250;

/** The event that tells a user's screens their balances changed. */
export const BALANCE_EVENT = "balance";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The users with a registered socket on this instance. */
function localUserIds(io: Server): string[] {
  const ids: string[] = [];
  for (const room of io.sockets.adapter.rooms.keys()) {
    if (room.startsWith(USER_ROOM_PREFIX)) ids.push(room.slice(USER_ROOM_PREFIX.length));
  }
  return ids;
}

/**
 * Emits to the sockets of one user on this instance. The same as `io.to(userRoom(id)).emit`
 * without building a broadcast for each of thousands of users: a broadcast looks the room up the
 * same way, and sends each socket the same packet.
 */
function emitToLocalUser(io: Server, userId: string, event: string, data: unknown): void {
  const ids = io.sockets.adapter.rooms.get(userRoom(userId));
  if (!ids) return;
  for (const id of ids) io.sockets.sockets.get(id)?.emit(event, data);
}

/** Acts on one envelope for this instance's sockets. */
export async function dispatchEnvelope(io: Server, db: Db, memory: RealtimeMemory, envelope: Envelope): Promise<void> {
  switch (envelope.kind) {
    case "emit": {
      const { to, event } = envelope;
      let { data } = envelope;
      if (event === BALANCE_EVENT && "userId" in to) {
        // Said with when, so a page can tell whether its data, read at some moment, already has it.
        const at = Date.now();
        memory.balanceChanges.add(to.userId, at);
        data = { ...(data as object), at };
      }
      if ("all" in to) io.emit(event, data);
      else io.to("userId" in to ? userRoom(to.userId) : to.room).emit(event, data);
      return;
    }
    case "revoke":
      for (const id of envelope.sessionIds) {
        memory.revocations.add(id);
        io.in(sessionRoom(id)).disconnectSockets(true);
      }
      return;
    case "notification-broadcast": {
      const users = localUserIds(io);
      if (users.length === 0) return;
      let sent = 0;
      for await (const rows of broadcastDeliveries(db, envelope.broadcastId, users)) {
        for (const row of rows) {
          emitToLocalUser(io, row.userId, "notification", deliveredNotification(row));
          if (++sent % USERS_PER_TURN === 0) await nextTurn();
        }
      }
      return;
    }
  }
}
