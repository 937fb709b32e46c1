import type { Server } from "socket.io";
import type { Db } from "@/db/client";
import { broadcastDeliveries } from "@/lib/notifications/broadcast-deliveries";
import { deliveredNotification } from "@/lib/notifications/view";
import type { Envelope } from "./channel";
import type { RecentRevocations } from "./revocations";
import { sessionRoom, USER_ROOM_PREFIX, userRoom } from "./rooms";

/** The users with a registered socket on this instance. */
function localUserIds(io: Server): string[] {
  const ids: string[] = [];
  for (const room of io.sockets.adapter.rooms.keys()) {
    if (room.startsWith(USER_ROOM_PREFIX)) ids.push(room.slice(USER_ROOM_PREFIX.length));
  }
  return ids;
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
      for (const row of await broadcastDeliveries(db, envelope.broadcastId, users)) {
        io.to(userRoom(row.userId)).emit("notification", deliveredNotification(row));
      }
      return;
    }
  }
}
