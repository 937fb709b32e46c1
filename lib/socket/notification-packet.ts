import type { BroadcastDelivery } from "@/lib/notifications/broadcast-deliveries";

/** The event a notification reaches a user's screens by. */
export const NOTIFICATION_EVENT = "notification";

/**
 * Encodes a broadcast's rows as the Socket.IO packets `socket.emit(NOTIFICATION_EVENT,
 * deliveredNotification(row))` would send in the default namespace: the EVENT type (2) followed by
 * the JSON of the event's name and data, keys in deliveredNotification's order. The rows of one
 * broadcast share their title and message, so their JSON is built once (again only if a row
 * differs) and each user's packet only adds its id and anti-phishing code. In a profile of a
 * send-to-all to 10,000 sockets, Socket.IO's encoder (the whole payload's JSON, per socket) was an
 * eighth of the fan-out's work besides the socket writes themselves (docs/BENCHMARKS.md, issue 48).
 */
export function notificationPacketEncoder(): (row: BroadcastDelivery) => string {
  let title: string | undefined;
  let message: string | undefined;
  let shared = "";
  return (row) => {
    if (row.title !== title || row.message !== message) {
      ({ title, message } = row);
      shared = `,"title":${JSON.stringify(title)},"message":${JSON.stringify(message)},"antiPhishingCode":`;
    }
    return `2["${NOTIFICATION_EVENT}",{"id":${JSON.stringify(row.id)}${shared}${JSON.stringify(row.antiPhishingCode ?? null)}}]`;
  };
}
