import { NextResponse } from "next/server";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { adminConversation } from "@/lib/support/admin-conversation";
import { updateConversationSchema } from "@/lib/support/input";
import { updateConversation } from "@/lib/support/update-conversation";

export const GET = withAdmin<{ id: string }>(async ({ params, db }) => {
  const id = uuidParam(params.id, "Conversation not found");
  return NextResponse.json({ success: true, ...(await adminConversation(db, { id })) });
});

export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Conversation not found");
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, updateConversationSchema);
  const outcome = await onceFor(
    db,
    { scope: `support-update:${auth.user.id}`, key, request: { id, ...input } },
    async (tx) => {
      const { changed } = await updateConversation(tx, { id, input, actor: { id: auth.user.id, ip: clientIp(req) } });
      return {
        status: 200,
        body: {
          success: true,
          message: changed ? "Conversation updated" : "Nothing to change",
          changed,
          ...(await adminConversation(tx, { id })),
        },
      };
    },
  );
  return outcomeResponse(outcome);
});
