import { NextResponse } from "next/server";
import { parseBody, withUser } from "@/lib/http/handler";
import { outcomeResponse } from "@/lib/http/outcome";
import { paginationSchema, searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { openConversationSchema } from "@/lib/support/input";
import { listConversations } from "@/lib/support/list-conversations";
import { openConversation } from "@/lib/support/open-conversation";

export const GET = withUser(async ({ req, db, auth }) => {
  const page = validate(paginationSchema, searchParamsOf(req));
  return NextResponse.json({ success: true, ...(await listConversations(db, { userId: auth.user.id, page })) });
});

export const POST = withUser(async ({ req, db, auth }) => {
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, openConversationSchema);
  const userId = auth.user.id;
  const outcome = await onceFor(db, { scope: `support-open:${userId}`, key, request: input }, async (tx) => {
    const opened = await openConversation(tx, { userId, input });
    return {
      status: 201,
      body: { success: true, message: "Your message is with Aurum support. We will answer here.", ...opened },
    };
  });
  return outcomeResponse(outcome);
});
