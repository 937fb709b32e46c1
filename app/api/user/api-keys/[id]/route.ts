import { keyRenamedAnswer, keyRevokedAnswer } from "@/lib/api-keys/answers";
import { renameApiKey, renameKeySchema, revokeApiKey } from "@/lib/api-keys/manage";
import { answer } from "@/lib/http/answer";
import { clientIp, parseBody, uuidParam, withUser } from "@/lib/http/handler";

export const PATCH = withUser<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "API key not found");
  const { name } = await parseBody(req, renameKeySchema);
  return answer(keyRenamedAnswer, {
    success: true,
    message: "API key renamed",
    key: await renameApiKey(db, auth.user.id, id, name),
  });
});

export const DELETE = withUser<{ id: string }>(async ({ req, params, db, auth }) => {
  await revokeApiKey(db, auth.user.id, uuidParam(params.id, "API key not found"), { ip: clientIp(req) });
  return answer(keyRevokedAnswer, { success: true, message: "API key revoked" });
});
