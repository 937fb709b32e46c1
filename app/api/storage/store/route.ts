import { parseBody, withUser } from "@/lib/http/handler";
import { answerOutcome } from "@/lib/http/answer";
import { storageMoveAnswer } from "@/lib/storage/answers";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";
import { moveStorage, storageMoveSchema } from "@/lib/storage/vault";

export const POST = withUser(async ({ req, db, auth }) => {
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, storageMoveSchema);
  const outcome = await onceFor(
    db,
    { scope: `storage:${auth.user.id}`, key, request: { store: input.amount } },
    async (tx) => {
      const moved = await moveStorage(tx, auth.user.id, "store", input.amount);
      return {
        status: 200,
        body: { success: true as const, message: `Stored ${moved.amount} ${moved.asset}`, ...moved },
      };
    },
  );
  return answerOutcome(storageMoveAnswer, outcome);
});
