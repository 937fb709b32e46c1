import type { Server } from "socket.io";
import type { Db } from "@/db/client";
import { broadcastDeliveries } from "@/lib/notifications/broadcast-deliveries";
import { deliveredNotification } from "@/lib/notifications/view";
import type { Envelope } from "./channel";
import type { RecentRevocations } from "./revocations";
import { sessionRoom, USER_ROOM_PREFIX, userRoom } from "./rooms";

/**
 * Users whose rows are delivered between two turns of the event loop during a broadcast: a
 * slice takes a few tens of milliseconds, so handshakes, requests and other events are not held
 * up for the whole fan-out.
 */
const USERS_PER_TURN = 250;

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
export async function dispatchEnvelope(io: Server, db: Db, revocations: RecentRevocations, envelope: Envelope): Promise<void> {
  switch (envelope.kind) {
    case "emit": {
      const { to, event, data } = envelope;
      if ("all" in to) io.emit(event, data);
      else io.to("userId" in to ? userRoom(to.userId) : to.room).emit(event, data);
      return;
    }
    case "revoke":
      for (const id of envelope.sessionIds) {
        revocations.add(id);
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
