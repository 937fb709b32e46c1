import { chainFacts } from "@/lib/chain/progress";
import { withdrawalView } from "@/lib/funding/views";
import { decimalsByAsset } from "@/lib/funding/wallets";
import { listWithdrawals, placeWithdrawal, prepareWithdrawal, withdrawalSchema } from "@/lib/funding/withdrawals";
import { parseBody, withUser } from "@/lib/http/handler";
import { answer, answerOutcome } from "@/lib/http/answer";
import { outcomeResponse } from "@/lib/http/outcome";
import { withdrawalChangeAnswer, withdrawalsAnswer } from "@/lib/funding/answers";
import { paginationSchema, searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { idempotencyKeyOf, onceFor, priorOutcome } from "@/lib/core/idempotency";

export const POST = withUser(async ({ req, db, auth }) => {
  const key = idempotencyKeyOf(req);
  const input = await parseBody(req, withdrawalSchema);
  // The password and code are no part of what the key stands for (nor are they stored): a retry
  // replays the answer, before the checks, since the code it carries was used up the first time.
  const request = { currency: input.currency, network: input.network, address: input.address, amount: input.amount };
  const claim = { scope: `withdrawals:${auth.user.id}`, key, request };
  const replay = await priorOutcome(db, claim);
  // The stored answer of this very route, as it was first sent.
  if (replay) return outcomeResponse(replay);
  const prepared = await prepareWithdrawal(db, auth.user.id, input);
  const outcome = await onceFor(db, claim, async (tx) => {
    const withdrawal = await placeWithdrawal(tx, auth.user.id, prepared);
    return {
      status: 201,
      body: {
        success: true as const,
        message: "Withdrawal requested: the amount and fee are on hold until it is sent",
        withdrawal: withdrawalView(withdrawal, prepared.decimals),
      },
    };
  });
  return answerOutcome(withdrawalChangeAnswer, outcome);
});

export const GET = withUser(async ({ req, db, auth }) => {
  const page = validate(paginationSchema, searchParamsOf(req));
  const [{ rows, total }, decimalsOf, chain] = await Promise.all([
    listWithdrawals(db, auth.user.id, page),
    decimalsByAsset(db),
    chainFacts(db),
  ]);
  return answer(withdrawalsAnswer, {
    success: true,
    withdrawals: rows.map((w) => withdrawalView(w, decimalsOf(w.currency), chain)),
    total,
    ...page,
  });
});
