import { withdrawalView } from "@/lib/funding/views";
import { decimalsByAsset } from "@/lib/funding/wallets";
import { cancelWithdrawal } from "@/lib/funding/withdrawals";
import { uuidParam, withUser } from "@/lib/http/handler";
import { answerOutcome } from "@/lib/http/answer";
import { withdrawalChangeAnswer } from "@/lib/funding/answers";
import { idempotencyKeyOf, onceFor } from "@/lib/core/idempotency";

export const POST = withUser<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Withdrawal not found");
  const key = idempotencyKeyOf(req);
  const outcome = await onceFor(
    db,
    { scope: `withdrawals:${auth.user.id}`, key, request: { cancel: id } },
    async (tx) => {
      const w = await cancelWithdrawal(tx, auth.user.id, id);
      return {
        status: 200,
        body: {
          success: true as const,
          message: "Withdrawal cancelled: the amount and fee are available again",
          withdrawal: withdrawalView(w, (await decimalsByAsset(tx))(w.currency)),
        },
      };
    },
  );
  return answerOutcome(withdrawalChangeAnswer, outcome);
});
