import { balanceAdjust } from "./rules/balance-adjust";
import { depositApprove } from "./rules/deposit-approve";
import { proofSnapshotForce } from "./rules/proof-snapshot";
import { passwordReset, withdrawPasswordReset } from "./rules/password-reset";
import { savingPlanCreate, savingPlanUpdate } from "./rules/saving-plan";
import { settingsUpdate } from "./rules/settings-update";
import { tradeConfigSave } from "./rules/trade-config";
import { userRole } from "./rules/user-role";
import { userStatus } from "./rules/user-status";
import { walletCreate } from "./rules/wallet-create";
import { walletUpdate } from "./rules/wallet-update";
import { withdrawalReturn } from "./rules/withdrawal-return";
import { withdrawalSend } from "./rules/withdrawal-send";
import type { Rule } from "./rule";

const DEFINED = {
  "balance.adjust": balanceAdjust,
  "deposit.approve": depositApprove,
  "withdrawal.send": withdrawalSend,
  "withdrawal.return": withdrawalReturn,
  "wallet.create": walletCreate,
  "wallet.update": walletUpdate,
  "user.role": userRole,
  "user.status": userStatus,
  "user.password": passwordReset,
  "user.withdraw_password": withdrawPasswordReset,
  "settings.update": settingsUpdate,
  "saving_plan.create": savingPlanCreate,
  "saving_plan.update": savingPlanUpdate,
  "trade_config.save": tradeConfigSave,
  "proof.snapshot": proofSnapshotForce,
};

export type ProposalKind = keyof typeof DEFINED;

/** What each kind's proposals carry. */
export type Payloads = { [K in ProposalKind]: (typeof DEFINED)[K] extends Rule<infer P> ? P : never };

/**
 * Every action that may need a second administrator, by the name its proposals carry. Typed as a
 * mapped type so `RULES[kind]` for a generic `kind` is that kind's rule, with no cast.
 */
export const RULES: { readonly [K in ProposalKind]: Rule<Payloads[K]> } = DEFINED;

export function isProposalKind(kind: string): kind is ProposalKind {
  return Object.hasOwn(RULES, kind);
}
