import type { Job } from "@/lib/jobs/runner";
import { deliverQueued } from "./outbox";

/** Sends committed mail every two seconds (on one instance at a time); server.ts runs it only when SMTP_URL is set. */
export const mailDeliveryJob: Job = {
  name: "mail.deliver",
  everyMs: 2_000,
  run: async (db) => {
    await deliverQueued(db);
  },
};
