import { keyCreatedAnswer, keysAnswer } from "@/lib/api-keys/answers";
import { createApiKey, createKeySchema, listApiKeys } from "@/lib/api-keys/manage";
import { answer } from "@/lib/http/answer";
import { clientIp, parseBody, withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ db, auth }) =>
  answer(keysAnswer, { success: true, keys: await listApiKeys(db, auth.user.id) }),
);

/** The secret is in this answer only: it is never shown again. */
export const POST = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, createKeySchema);
  const { key, secret } = await createApiKey(db, auth.user.id, input, { ip: clientIp(req) });
  return answer(
    keyCreatedAnswer,
    { success: true, message: "API key created. Copy its secret now: it is not shown again.", key, secret },
    { status: 201 },
  );
});
