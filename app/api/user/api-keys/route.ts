import { NextResponse } from "next/server";
import { createApiKey, createKeySchema, listApiKeys } from "@/lib/api-keys/manage";
import { clientIp, parseBody, withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ db, auth }) =>
  NextResponse.json({ success: true, keys: await listApiKeys(db, auth.user.id) }),
);

/** The secret is in this answer only: it is never shown again. */
export const POST = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, createKeySchema);
  const { key, secret } = await createApiKey(db, auth.user.id, input, { ip: clientIp(req) });
  return NextResponse.json(
    { success: true, message: "API key created. Copy its secret now: it is not shown again.", key, secret },
    { status: 201 },
  );
});
