import type { Server } from "socket.io";
import type { Db } from "@/db/client";
import { broadcastDeliveries } from "@/lib/notifications/broadcast-deliveries";
import type { Envelope } from "@/lib/realtime/channel";
import { notificationPacketEncoder } from "./notification-packet";
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

/**
 * The users with a registered socket on this instance, each with its room's name as the adapter
 * keys it: looking a room up by that same string reuses the hash V8 keeps in it, where building
 * `userRoom(id)` again for each of thousands of users makes a new string to hash every time.
 */
function localUserRooms(io: Server): Map<string, string> {
  const rooms = new Map<string, string>();
  for (const room of io.sockets.adapter.rooms.keys()) {
    if (room.startsWith(USER_ROOM_PREFIX)) rooms.set(room.slice(USER_ROOM_PREFIX.length), room);
  }
  return rooms;
}

/**
 * Writes an encoded Socket.IO packet to the sockets in one user's room on this instance, as
 * `io.to(room).emit` does once it has encoded the packet (it looks the room up the same way, when
 * it writes), without building a broadcast, or encoding the packet again, for each of thousands of users.
 */
function writeToRoom(io: Server, room: string, packet: string): void {
  const ids = io.sockets.adapter.rooms.get(room);
  if (!ids) return;
  for (const id of ids) io.sockets.sockets.get(id)?.conn.write(packet);
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
      const rooms = localUserRooms(io);
      if (rooms.size === 0) return;
      const encode = notificationPacketEncoder();
      let sent = 0;
      for await (const rows of broadcastDeliveries(db, envelope.broadcastId, [...rooms.keys()])) {
        for (const row of rows) {
          const room = rooms.get(row.userId);
          if (room) writeToRoom(io, room, encode(row));
          if (++sent % USERS_PER_TURN === 0) await nextTurn();
        }
      }
      return;
    }
  }
}
