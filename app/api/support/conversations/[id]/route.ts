import { NextResponse } from "next/server";
import { uuidParam, withUser } from "@/lib/http/handler";
import { readConversation } from "@/lib/support/read-conversation";

export const GET = withUser<{ id: string }>(async ({ params, db, auth }) => {
  const id = uuidParam(params.id, "Conversation not found");
  return NextResponse.json({ success: true, ...(await readConversation(db, { userId: auth.user.id, id })) });
});
