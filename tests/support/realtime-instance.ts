/**
 * Another instance of the app's real-time side, as a separate process: the configured database
 * (DATABASE_URL), Socket.IO on a free port. Prints "READY <port>" once it listens.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { closeDb } from "@/db/client";
import { attachRealtime } from "@/lib/socket/server";

async function main() {
  const http = createServer();
  const realtime = await attachRealtime(http);
  http.listen(0, "127.0.0.1", () => console.log(`READY ${(http.address() as AddressInfo).port}`));
  process.once("SIGTERM", () => {
    void realtime
      .close()
      .then(closeDb)
      .then(() => process.exit(0));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
