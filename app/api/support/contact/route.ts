import { getDb } from "@/db/client";
import { readEnv } from "@/lib/core/env";
import { clientIp, parseBody, route } from "@/lib/http/handler";
import { linkOrigin } from "@/lib/core/origin";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { contactSupport } from "@/lib/support/contact";
import { contactSchema } from "@/lib/support/input";

/** Signed out: a visitor's message to support, answered by mail (lib/support/contact). */
export const POST = route(async (req) => {
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, contactSchema);
  const ip = clientIp(req);
  const db = await getDb();
  const outcome = await onceFor(
    db,
    { scope: `support-contact:${ip}:${input.email}`, key, request: input },
    async (tx) => {
      const { reference } = await contactSupport(tx, { input, ip, origin: linkOrigin(readEnv()) });
      return {
        status: 201,
        body: {
          success: true,
          message: `Thank you: your message is with Aurum support. We answer by mail to ${input.email}.`,
          reference,
        },
      };
    },
  );
  return outcomeResponse(outcome);
});
