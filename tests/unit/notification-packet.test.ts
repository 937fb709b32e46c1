import fc from "fast-check";
import { Decoder, Encoder, PacketType, type Packet } from "socket.io-parser";
import { describe, expect, it } from "vitest";
import type { BroadcastDelivery } from "@/lib/notifications/broadcast-deliveries";
import { deliveredNotification } from "@/lib/notifications/views";
import { NOTIFICATION_EVENT, notificationPacketEncoder } from "@/lib/socket/notification-packet";

/** What Socket.IO's own encoder makes of `socket.emit("notification", deliveredNotification(row))`. */
const socketIoPacket = (row: BroadcastDelivery) =>
  new Encoder().encode({ type: PacketType.EVENT, nsp: "/", data: [NOTIFICATION_EVENT, deliveredNotification(row)] });

function decoded(packet: string): unknown {
  const decoder = new Decoder();
  let data: unknown;
  decoder.on("decoded", (p: Packet) => (data = [p.type, p.nsp, p.data]));
  decoder.add(packet);
  return data;
}

const row = (over: Partial<BroadcastDelivery> = {}): BroadcastDelivery => ({
  id: "0b6c2f1e-6a1d-4b47-9a3e-2d7f0c9e5a11",
  userId: "5d2e8c4a-1f3b-4e6d-8a9c-7b0e1d2f3a4b",
  title: "Maintenance",
  message: "Tonight 02:00–03:00 UTC",
  antiPhishingCode: null,
  ...over,
});

describe("a broadcast's notification packets", () => {
  it("are what Socket.IO's encoder makes of the delivered notification, for any title, message and code", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: fc.string({ unit: "binary" }), message: fc.string({ unit: "binary" }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(fc.tuple(fc.uuid(), fc.option(fc.string({ unit: "binary" }))), { minLength: 1, maxLength: 6 }),
        (contents, users) => {
          // One encoder across rows whose content changes now and then, as a reused one might see.
          const encode = notificationPacketEncoder();
          users.forEach(([id, code], i) => {
            const r = row({ id, antiPhishingCode: code, ...contents[i % contents.length]! });
            expect([encode(r)]).toEqual(socketIoPacket(r));
          });
        },
      ),
      { numRuns: 50 },
    );
  });

  it("decode to each user's own id and code beside the shared title and message", () => {
    const encode = notificationPacketEncoder();
    const quoted = row({
      title: 'Say "hi" \\ to\u2028all',
      message: "naïve 🪙 </script>",
      antiPhishingCode: "Gold Key-42",
    });
    const other = row({ id: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a", title: "Next", message: "Second" });
    for (const r of [quoted, other, quoted])
      expect(decoded(encode(r))).toEqual([PacketType.EVENT, "/", [NOTIFICATION_EVENT, deliveredNotification(r)]]);
  });
});
