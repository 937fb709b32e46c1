/**
 * The audit log in words: what each recorded action is and what it was done to. The log itself keeps
 * the dotted verbs and raw ids (they are hashed into the chain); screens show these words and keep
 * the raw values for whoever hovers or filters.
 */

/** Every action an administrator's work is recorded under, in the order the filter lists them. */
export const AUDIT_ACTIONS: Record<string, string> = {
  "user.balance.adjust": "Adjusted a balance",
  "user.password.reset": "Reset a password",
  "user.withdraw_password.reset": "Reset a withdrawal password",
  "user.role.change": "Changed a role",
  "user.disable": "Disabled an account",
  "user.enable": "Enabled an account",
  "user.freeze": "Froze an account",
  "user.unfreeze": "Unfroze an account",
  "user.2fa.enable": "Turned on two-factor sign-in",
  "user.2fa.disable": "Turned off two-factor sign-in",
  "user.api_key.create": "Created an API key",
  "user.api_key.revoke": "Revoked an API key",
  "user.trade_config.update": "Changed trading settings",
  "user.trade_config.delete": "Reset trading settings",
  "user.trade_setup.create": "Proposed a strategy",
  "user.trade_setup.update": "Changed a proposed strategy",
  "user.trade_setup.withdraw": "Withdrew a proposed strategy",
  "user.trade_setup.pause": "Paused a strategy",
  "deposit.approve": "Credited a deposit",
  "deposit.reject": "Refused a deposit",
  "withdrawal.send": "Sent a withdrawal",
  "withdrawal.reject": "Refused a withdrawal",
  "withdrawal.resend": "Sent a flagged withdrawal again",
  "withdrawal.return": "Returned a flagged withdrawal to its user",
  "approval.propose": "Asked for a second approval",
  "approval.approve": "Approved a request",
  "approval.reject": "Refused a request",
  "approval.fail": "Approved a request that then failed",
  "notification.send": "Sent a notification",
  "support.reply": "Answered a support conversation",
  "support.note": "Wrote an internal note",
  "support.assign": "Took a support conversation",
  "support.unassign": "Released a support conversation",
  "support.close": "Closed a support conversation",
  "support.reopen": "Reopened a support conversation",
  "wallet.create": "Added a wallet",
  "wallet.update": "Changed a wallet",
  "saving_plan.create": "Created a savings plan",
  "saving_plan.update": "Changed a savings plan",
  "settings.update": "Changed the site settings",
  "settings.logo": "Changed the logo",
  "proof.snapshot.take": "Took a proof snapshot",
  "proof.reserve.create": "Declared a reserve",
  "proof.reserve.update": "Changed a reserve",
  "proof.reserve.delete": "Removed a reserve",
};

const TARGETS: Record<string, string> = {
  user: "User",
  deposit: "Deposit",
  withdrawal: "Withdrawal",
  proposal: "Approval request",
  wallet: "Wallet",
  saving_plan: "Savings plan",
  settings: "Site settings",
  reserve: "Reserve",
  proof_snapshot: "Proof snapshot",
  support_conversation: "Support conversation",
  api_key: "API key",
  notification_broadcast: "Everyone",
};

/** An action in words ("Adjusted a balance"); one the list does not know yet, as recorded. */
export const actionWords = (action: string): string => AUDIT_ACTIONS[action] ?? action;

/** What an action was done to: the user's name when it was a user, else the kind of thing ("Wallet"). */
export function targetWords(entry: { targetType: string; target: string | null }): string {
  if (entry.targetType === "user" && entry.target) return entry.target;
  return TARGETS[entry.targetType] ?? entry.targetType;
}

/** Where the target can be seen in the admin area, when it has a screen of its own. */
export function targetHref(entry: { targetType: string; targetId: string | null }): string | null {
  if (!entry.targetId) return null;
  if (entry.targetType === "user") return `/admin/users/${entry.targetId}`;
  if (entry.targetType === "support_conversation") return `/admin/support/${entry.targetId}`;
  return null;
}
