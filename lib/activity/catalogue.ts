import type { NotificationCategory } from "@/db/schema";
import { durationText, money as moneyText } from "@/lib/core/format";

/** Who did it, as the user reads it: an administrator is always "Aurum support", never a name. */
export type ActivityActor = "support" | "you";

/**
 * Whether an event mails the user: not at all, unless they switched its category's mail off
 * (`optional`), or always (`security`: what someone who took over an account, or an administrator,
 * does to it).
 */
export type Mailing = "none" | "optional" | "security";

interface KindSpec<F> {
  by: ActivityActor;
  mail: Mailing;
  /** What its notification is about: whether it is pushed, and an optional mail sent, by the user's choice for it. */
  category: NotificationCategory;
  title: string;
  /** The change in one or two sentences, as of `at` (when it happened); the reason, when there is one, is shown after it. */
  text: (facts: F, at: Date) => string;
}

const kind = <F = Record<string, never>>(spec: KindSpec<F>) => spec;

type Money = { amount: string; asset: string };
type Funding = Money & { network: string };
// When withdrawals resume (ISO, to the millisecond), kept as data: the sentence says how long from the
// event on, which reads right in any time zone, in the activity list (beside the event's time), the
// notification and the mail.
type Until = { pausedUntil: string };

const money = (f: Money) => moneyText(f.amount, f.asset);
const pause = (f: Until, at: Date) => {
  const left = Date.parse(f.pausedUntil) - at.getTime();
  return left > 0 ? `withdrawals are paused for ${durationText(left)}` : "withdrawals are not paused";
};
const pauseAtStart = (f: Until, at: Date) => pause(f, at).replace(/^w/, "W");
const sessions = (n: number) => `${n} session${n === 1 ? "" : "s"}`;

/**
 * Every kind of account event: who does it, the sentence the user reads (in their account activity,
 * the notification and the mail) and whether it mails. Admin actions speak as "Aurum support".
 */
export const ACTIVITY = {
  "balance.credited": kind<Money>({
    by: "support",
    mail: "security",
    category: "security",
    title: "Balance credited",
    text: (f) => `Aurum support credited ${money(f)} to your available balance.`,
  }),
  "balance.debited": kind<Money>({
    by: "support",
    mail: "security",
    category: "security",
    title: "Balance debited",
    text: (f) => `Aurum support debited ${money(f)} from your available balance.`,
  }),
  "trade_config.changed": kind<{ changes: string }>({
    by: "support",
    mail: "none",
    category: "messages",
    title: "Your trading settings",
    text: (f) =>
      `Aurum support changed your trading settings: ${f.changes}. See the rules that apply to you on the Trade screen.`,
  }),
  "trade_config.reset": kind({
    by: "support",
    mail: "none",
    category: "messages",
    title: "Your trading settings",
    text: () => "Aurum support returned your trading settings to the site's defaults.",
  }),
  "trade_setup.proposed": kind<{ name: string }>({
    by: "support",
    mail: "none",
    category: "messages",
    title: "Your AI trading",
    text: (f) => `Aurum support proposed a strategy for you: ${f.name}. It runs only if you accept it on AI trading.`,
  }),
  "trade_setup.changed": kind<{ name: string; before: string }>({
    by: "support",
    mail: "none",
    category: "messages",
    title: "Your AI trading",
    text: (f) => `Aurum support changed the strategy it proposed for you from ${f.before} to ${f.name}.`,
  }),
  "trade_setup.withdrawn": kind<{ name: string }>({
    by: "support",
    mail: "none",
    category: "messages",
    title: "Your AI trading",
    text: (f) => `Aurum support withdrew the strategy it proposed for you: ${f.name}.`,
  }),
  "trade_setup.paused": kind<{ name: string }>({
    by: "support",
    mail: "none",
    category: "messages",
    title: "Your AI trading",
    text: (f) =>
      `Aurum support paused your strategy ${f.name}. Its budget stays reserved: resume or stop it on AI trading.`,
  }),
  "password.reset": kind<Until & { sessionsEnded: number }>({
    by: "support",
    mail: "security",
    category: "security",
    title: "Your password was reset",
    text: (f, at) =>
      `Aurum support set a new password for your account and signed out ${sessions(f.sessionsEnded)}. ${pauseAtStart(f, at)}.`,
  }),
  "withdraw_password.reset": kind<Until>({
    by: "support",
    mail: "security",
    category: "security",
    title: "Your withdrawal password was reset",
    text: (f, at) => `Aurum support set a new withdrawal password for your account. ${pauseAtStart(f, at)}.`,
  }),
  "account.disabled": kind({
    by: "support",
    mail: "security",
    category: "security",
    title: "Your account was disabled",
    text: () =>
      "Aurum support disabled your account and signed out every session. Contact Customer Service to learn more.",
  }),
  "account.enabled": kind({
    by: "support",
    mail: "security",
    category: "security",
    title: "Your account was enabled",
    text: () => "Aurum support enabled your account: you can sign in again.",
  }),
  "account.unfrozen": kind({
    by: "support",
    mail: "security",
    category: "security",
    title: "Your account was unfrozen",
    text: () => "Aurum support unfroze your account: you can sign in, trade and withdraw again.",
  }),
  "role.granted": kind({
    by: "support",
    mail: "security",
    category: "security",
    title: "You are an administrator",
    text: () =>
      "Aurum support made your account an administrator and signed out every session. If you did not expect this, contact Customer Service at once.",
  }),
  "role.removed": kind({
    by: "support",
    mail: "security",
    category: "security",
    title: "You are no longer an administrator",
    text: () => "Aurum support removed the administrator role from your account and signed out every session.",
  }),
  "deposit.credited": kind<Funding>({
    by: "support",
    mail: "optional",
    category: "money",
    title: "Deposit credited",
    text: (f) => `Your deposit of ${money(f)} on ${f.network} is in your available balance.`,
  }),
  "deposit.corrected": kind<Funding & { claimed: string }>({
    by: "support",
    mail: "optional",
    category: "money",
    title: "Deposit credited",
    text: (f) =>
      `Aurum support credited your deposit on ${f.network} as ${money(f)}, not the ${money({ amount: f.claimed, asset: f.asset })} you entered.`,
  }),
  "deposit.rejected": kind<Funding>({
    by: "support",
    mail: "optional",
    category: "money",
    title: "Deposit not credited",
    text: (f) => `Aurum support did not credit your deposit of ${money(f)} on ${f.network}.`,
  }),
  // Deposits the chain watcher credits by itself: the user sent them, and no administrator decided.
  "deposit.confirmed": kind<Funding & { confirmations: number }>({
    by: "you",
    mail: "optional",
    category: "money",
    title: "Deposit credited",
    text: (f) =>
      `Your deposit of ${money(f)} on ${f.network} reached ${f.confirmations} confirmations and is in your available balance.`,
  }),
  "deposit.below_minimum": kind<Funding & { minimum: string }>({
    by: "you",
    mail: "optional",
    category: "money",
    title: "Deposit below the minimum",
    text: (f) =>
      `Your deposit of ${money(f)} on ${f.network} is below the minimum of ${money({ amount: f.minimum, asset: f.asset })} and was not credited. Contact Customer Service about it.`,
  }),
  "deposit.dropped": kind<Funding>({
    by: "you",
    mail: "optional",
    category: "money",
    title: "Deposit dropped by the network",
    text: (f) =>
      `Your deposit of ${money(f)} on ${f.network} left the chain in a reorganisation before it was confirmed; nothing was credited. If the network includes it again, it shows again.`,
  }),
  "withdrawal.requested": kind<Funding & { address: string; fee: string }>({
    by: "you",
    mail: "security",
    category: "security",
    title: "Withdrawal requested",
    text: (f) =>
      `You asked to withdraw ${money(f)} to ${f.address} (${f.network}), plus a fee of ${money({ amount: f.fee, asset: f.asset })}. It is on hold until it is sent.`,
  }),
  "withdrawal.sent": kind<Funding & { address: string; txHash: string }>({
    by: "support",
    mail: "optional",
    category: "money",
    title: "Withdrawal sent",
    text: (f) => `${money(f)} is on its way to ${f.address} (${f.network}). Transaction: ${f.txHash}`,
  }),
  // The chain confirmed it deep enough: no administrator acted, so it speaks as the user's own.
  "withdrawal.confirmed": kind<Funding & { address: string; confirmations: number }>({
    by: "you",
    mail: "optional",
    category: "money",
    title: "Withdrawal confirmed",
    text: (f) => `${money(f)} sent to ${f.address} (${f.network}) reached ${f.confirmations} confirmations on chain.`,
  }),
  "withdrawal.rejected": kind<Funding>({
    by: "support",
    mail: "optional",
    category: "money",
    title: "Withdrawal not sent",
    text: (f) =>
      `Aurum support did not send your withdrawal of ${money(f)} on ${f.network}; it is back in your available balance.`,
  }),
  // A withdrawal whose transaction left the chain or failed after it was marked sent, paid back.
  "withdrawal.returned": kind<Funding>({
    by: "support",
    mail: "optional",
    category: "money",
    title: "Withdrawal returned",
    text: (f) =>
      `Your withdrawal on ${f.network} never reached you: the network did not keep its transaction. Aurum support returned ${money(f)}, the fee included, to your available balance.`,
  }),
  "device.new": kind<{ device: string; ip: string }>({
    by: "you",
    mail: "security",
    category: "security",
    title: "Sign-in from a new device",
    text: (f) =>
      `Your account was signed in to from a device it had not used before: ${f.device}, from ${f.ip}. If this was not you, change your password and freeze your account.`,
  }),
  "password.changed": kind<Until & { sessionsEnded: number }>({
    by: "you",
    mail: "security",
    category: "security",
    title: "Your password was changed",
    text: (f, at) =>
      `Your password was changed and ${sessions(f.sessionsEnded)} other than yours signed out; ${pause(f, at)}. If this was not you, contact Customer Service at once.`,
  }),
  "password.reset_by_link": kind<{ sessionsEnded: number }>({
    by: "you",
    mail: "security",
    category: "security",
    title: "Your password was reset",
    text: (f) =>
      `Your password was reset with an emailed link and ${sessions(f.sessionsEnded)} signed out. If this was not you, contact Customer Service at once.`,
  }),
  "two_factor.on": kind({
    by: "you",
    mail: "security",
    category: "security",
    title: "Two-factor sign-in is on",
    text: () =>
      "Signing in, withdrawing and turning two-factor off now ask for a code from your authenticator app. Keep your recovery codes somewhere safe.",
  }),
  "two_factor.off": kind<Until>({
    by: "you",
    mail: "security",
    category: "security",
    title: "Two-factor sign-in is off",
    text: (f, at) =>
      `Your account no longer asks for a code from your authenticator app, and ${pause(f, at)}. If this was not you, change your password and freeze your account.`,
  }),
  "withdraw_password.set": kind<Until & { changed: boolean }>({
    by: "you",
    mail: "security",
    category: "security",
    title: "Withdrawal password set",
    text: (f, at) => `You ${f.changed ? "changed" : "set"} your withdrawal password. ${pauseAtStart(f, at)}.`,
  }),
  "anti_phishing.set": kind({
    by: "you",
    mail: "none",
    category: "security",
    title: "Anti-phishing code set",
    text: () =>
      "Every message from Aurum now shows your anti-phishing code. A message that claims to be from Aurum without it is not from us.",
  }),
  "anti_phishing.removed": kind({
    by: "you",
    mail: "none",
    category: "security",
    title: "Anti-phishing code removed",
    text: () =>
      "Messages from Aurum no longer show an anti-phishing code. If you did not do this, change your password at once.",
  }),
  "sessions.revoked": kind<{ count: number }>({
    by: "you",
    mail: "none",
    category: "security",
    title: "Sessions signed out",
    text: (f) => `You signed out ${sessions(f.count)}.`,
  }),
  "email.changed": kind<Until & { email: string }>({
    by: "you",
    mail: "security",
    category: "security",
    title: "Your email was changed",
    text: (f, at) =>
      `Your account's email is now ${f.email}, and ${pause(f, at)}. If this was not you, contact Customer Service at once.`,
  }),
  "api_key.created": kind<{ name: string; scopes: string }>({
    by: "you",
    mail: "security",
    category: "security",
    title: "API key created",
    text: (f) =>
      `You created the API key "${f.name}" (${f.scopes}). A program holding its secret can act on your account within those rights until it is revoked or expires. If this was not you, revoke it under API keys in your profile and change your password.`,
  }),
  "api_key.revoked": kind<{ name: string }>({
    by: "you",
    mail: "security",
    category: "security",
    title: "API key revoked",
    text: (f) => `You revoked the API key "${f.name}": it no longer works.`,
  }),
  "account.frozen": kind<{ frozenAt: string }>({
    by: "you",
    mail: "none",
    category: "security",
    title: "Your account is frozen",
    text: () =>
      `You froze your account: every session was signed out, and trading and withdrawals are stopped. Contact Customer Service to unfreeze it.`,
  }),
};

export type ActivityKind = keyof typeof ACTIVITY;
export type FactsOf<K extends ActivityKind> = Parameters<(typeof ACTIVITY)[K]["text"]>[0];

export const ACTIVITY_KINDS = Object.keys(ACTIVITY) as ActivityKind[];

export const ACTOR_LABELS: Record<ActivityActor, string> = { support: "Aurum support", you: "You" };

/** The sentence of one event that happened `at`, its reason after it when there is one. */
export function sentenceOf<K extends ActivityKind>(
  kind: K,
  facts: FactsOf<K>,
  reason: string | null,
  at: Date,
): string {
  const text = (ACTIVITY[kind].text as (f: FactsOf<K>, at: Date) => string)(facts, at);
  return reason ? `${text} Reason: ${reason}` : text;
}

const SUPPORT_TITLES = new Set(
  Object.values(ACTIVITY)
    .filter((spec) => spec.by === "support")
    .map((spec) => spec.title),
);

/**
 * Whether a notification tells of something Aurum support did to the account ("Aurum support
 * credited…"): the notification centre links it to the account activity, where the same line has
 * its reason and time. A title alone is not enough (a deposit credited by the chain shares one).
 */
export function isSupportAction(notification: { title: string; message: string }): boolean {
  return SUPPORT_TITLES.has(notification.title) && notification.message.startsWith(`${ACTOR_LABELS.support} `);
}
