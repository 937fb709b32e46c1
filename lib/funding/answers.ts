import { z } from "zod";
import { changeAnswer, pageFields, successAnswer } from "@/lib/core/answers";
import { chainDepositViewSchema } from "@/lib/chain/views";
import { chainTargetShape, proofTargetShape } from "./deposit-address";
import { depositViewSchema, withdrawalViewSchema } from "./views";
import { offeredCurrencySchema } from "./wallets";

/** GET /api/deposits: deposits with a proof, and deposits seen on chain, each list paged alike. */
export const depositsAnswer = successAnswer({
  deposits: z.array(depositViewSchema),
  ...pageFields,
  chainDeposits: z.array(chainDepositViewSchema),
  chainTotal: z.number().int(),
});

/** POST /api/deposits. */
export const depositSubmittedAnswer = changeAnswer({ deposit: depositViewSchema });

/** GET /api/withdrawals. */
export const withdrawalsAnswer = successAnswer({ withdrawals: z.array(withdrawalViewSchema), ...pageFields });

/** POST /api/withdrawals, and cancelling one. */
export const withdrawalChangeAnswer = changeAnswer({ withdrawal: withdrawalViewSchema });

/** GET /api/deposits/address: where to send, by the chain's own address (`chain`) or the proof flow's wallet (`proof`). */
export const depositAddressAnswer = z.discriminatedUnion("mode", [
  successAnswer(chainTargetShape),
  successAnswer(proofTargetShape),
]);

/** GET /api/funding/networks: per currency, where it can be deposited and withdrawn. */
export const networksAnswer = successAnswer({ currencies: z.array(offeredCurrencySchema) });
