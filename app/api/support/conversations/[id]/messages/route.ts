import { parseBody, uuidParam, withUser } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { addUserMessage } from "@/lib/support/add-message";
import { userMessageSchema } from "@/lib/support/input";

export const POST = withUser<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Conversation not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, userMessageSchema);
  const userId = auth.user.id;
  const outcome = await onceFor(
    db,
    { scope: `support-message:${userId}`, key, request: { id, ...input } },
    async (tx) => {
      const added = await addUserMessage(tx, { userId, id, message: input.message });
      return {
        status: 201,
        body: { success: true, message: "Message sent", conversation: added.conversation, posted: added.message },
      };
    },
  );
  return outcomeResponse(outcome);
});
