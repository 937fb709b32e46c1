import { readEnv } from "@/lib/core/env";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { linkOrigin } from "@/lib/core/origin";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { adminConversation } from "@/lib/support/admin-conversation";
import { supportMessageSchema } from "@/lib/support/input";
import { addSupportMessage } from "@/lib/support/reply";

export const POST = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Conversation not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, supportMessageSchema);
  const actor = { id: auth.user.id, username: auth.user.username, ip: clientIp(req) };
  const outcome = await onceFor(
    db,
    { scope: `support-reply:${auth.user.id}`, key, request: { id, ...input } },
    async (tx) => {
      await addSupportMessage(tx, { id, input, actor, origin: linkOrigin(readEnv()) });
      return {
        status: 201,
        body: {
          success: true,
          message: input.internal ? "Internal note added (never shown to the user)" : "Reply sent",
          ...(await adminConversation(tx, { id })),
        },
      };
    },
  );
  return outcomeResponse(outcome);
});
