import { describe, expect, it } from "vitest";
import {
  ACTIVITY,
  ACTIVITY_KINDS,
  type ActivityKind,
  type FactsOf,
  isSupportAction,
  sentenceOf,
} from "@/lib/activity/catalogue";

const at = new Date("2026-11-25T08:00:00.000Z");
const later = "2026-11-26T08:00:00.000Z";
const funding = { amount: "1250.5", asset: "USDT", network: "TRC20" };

// One sample per kind, typed per kind: a kind added to the catalogue fails to compile here until its sentence is read.
const SAMPLES: { [K in ActivityKind]: FactsOf<K> } = {
  "balance.credited": { amount: "1250.5", asset: "USDT" },
  "balance.debited": { amount: "0.25", asset: "XAUT" },
  "trade_config.changed": { changes: "fee 0.2 % → 0.1 %" },
  "trade_config.reset": {},
  "trade_setup.proposed": { name: "Recurring buy" },
  "trade_setup.changed": { name: "Recurring buy", before: "Grid" },
  "trade_setup.withdrawn": { name: "Grid" },
  "trade_setup.paused": { name: "Grid" },
  "password.reset": { pausedUntil: later, sessionsEnded: 3 },
  "withdraw_password.reset": { pausedUntil: later },
  "account.disabled": {},
  "account.enabled": {},
  "account.unfrozen": {},
  "role.granted": {},
  "role.removed": {},
  "deposit.credited": funding,
  "deposit.corrected": { ...funding, claimed: "1300" },
  "deposit.rejected": funding,
  "deposit.confirmed": { ...funding, network: "ERC20", confirmations: 12 },
  "deposit.below_minimum": { ...funding, amount: "4.5", network: "ERC20", minimum: "10" },
  "deposit.dropped": { ...funding, network: "ERC20" },
  "withdrawal.requested": { ...funding, address: "TXYZ1234", fee: "1" },
  "withdrawal.sent": { ...funding, address: "TXYZ1234", txHash: "ab12" },
  "withdrawal.confirmed": { ...funding, address: "TXYZ1234", confirmations: 12 },
  "withdrawal.rejected": funding,
  "withdrawal.returned": funding,
  "device.new": { device: "Chrome 131 on macOS", ip: "203.0.113.9" },
  "password.changed": { pausedUntil: at.toISOString(), sessionsEnded: 1 },
  "password.reset_by_link": { sessionsEnded: 2 },
  "two_factor.on": {},
  "two_factor.off": { pausedUntil: later },
  "withdraw_password.set": { pausedUntil: later, changed: true },
  "anti_phishing.set": {},
  "anti_phishing.removed": {},
  "sessions.revoked": { count: 1 },
  "email.changed": { pausedUntil: later, email: "new@example.com" },
  "api_key.created": { name: "grid bot", scopes: "read, trade" },
  "api_key.revoked": { name: "grid bot" },
  "account.frozen": { frozenAt: at.toISOString() },
};

describe("the account activity catalogue", () => {
  // What a user reads is the product: every kind's title, who it names, whether it mails, and its sentence.
  it("reads every kind as written here", () => {
    const read = Object.fromEntries(
      ACTIVITY_KINDS.map(<K extends ActivityKind>(kind: K) => [
        kind,
        `${ACTIVITY[kind].title} | ${ACTIVITY[kind].by} | ${ACTIVITY[kind].mail} | ${sentenceOf(kind, SAMPLES[kind], null, at)}`,
      ]),
    );
    expect(read).toMatchInlineSnapshot(`
      {
        "account.disabled": "Your account was disabled | support | security | Aurum support disabled your account and signed out every session. Contact Customer Service to learn more.",
        "account.enabled": "Your account was enabled | support | security | Aurum support enabled your account: you can sign in again.",
        "account.frozen": "Your account is frozen | you | none | You froze your account: every session was signed out, and trading and withdrawals are stopped. Contact Customer Service to unfreeze it.",
        "account.unfrozen": "Your account was unfrozen | support | security | Aurum support unfroze your account: you can sign in, trade and withdraw again.",
        "anti_phishing.removed": "Anti-phishing code removed | you | none | Messages from Aurum no longer show an anti-phishing code. If you did not do this, change your password at once.",
        "anti_phishing.set": "Anti-phishing code set | you | none | Every message from Aurum now shows your anti-phishing code. A message that claims to be from Aurum without it is not from us.",
        "api_key.created": "API key created | you | security | You created the API key "grid bot" (read, trade). A program holding its secret can act on your account within those rights until it is revoked or expires. If this was not you, revoke it under API keys in your profile and change your password.",
        "api_key.revoked": "API key revoked | you | security | You revoked the API key "grid bot": it no longer works.",
        "balance.credited": "Balance credited | support | security | Aurum support credited 1,250.50 USDT to your available balance.",
        "balance.debited": "Balance debited | support | security | Aurum support debited 0.250000 XAUt from your available balance.",
        "deposit.below_minimum": "Deposit below the minimum | you | optional | Your deposit of 4.50 USDT on ERC20 is below the minimum of 10.00 USDT and was not credited. Contact Customer Service about it.",
        "deposit.confirmed": "Deposit credited | you | optional | Your deposit of 1,250.50 USDT on ERC20 reached 12 confirmations and is in your available balance.",
        "deposit.corrected": "Deposit credited | support | optional | Aurum support credited your deposit on TRC20 as 1,250.50 USDT, not the 1,300.00 USDT you entered.",
        "deposit.credited": "Deposit credited | support | optional | Your deposit of 1,250.50 USDT on TRC20 is in your available balance.",
        "deposit.dropped": "Deposit dropped by the network | you | optional | Your deposit of 1,250.50 USDT on ERC20 left the chain in a reorganisation before it was confirmed; nothing was credited. If the network includes it again, it shows again.",
        "deposit.rejected": "Deposit not credited | support | optional | Aurum support did not credit your deposit of 1,250.50 USDT on TRC20.",
        "device.new": "Sign-in from a new device | you | security | Your account was signed in to from a device it had not used before: Chrome 131 on macOS, from 203.0.113.9. If this was not you, change your password and freeze your account.",
        "email.changed": "Your email was changed | you | security | Your account's email is now new@example.com, and withdrawals are paused for 24 hours. If this was not you, contact Customer Service at once.",
        "password.changed": "Your password was changed | you | security | Your password was changed and 1 session other than yours signed out; withdrawals are not paused. If this was not you, contact Customer Service at once.",
        "password.reset": "Your password was reset | support | security | Aurum support set a new password for your account and signed out 3 sessions. Withdrawals are paused for 24 hours.",
        "password.reset_by_link": "Your password was reset | you | security | Your password was reset with an emailed link and 2 sessions signed out. If this was not you, contact Customer Service at once.",
        "role.granted": "You are an administrator | support | security | Aurum support made your account an administrator and signed out every session. If you did not expect this, contact Customer Service at once.",
        "role.removed": "You are no longer an administrator | support | security | Aurum support removed the administrator role from your account and signed out every session.",
        "sessions.revoked": "Sessions signed out | you | none | You signed out 1 session.",
        "trade_config.changed": "Your trading settings | support | none | Aurum support changed your trading settings: fee 0.2 % → 0.1 %. See the rules that apply to you on the Trade screen.",
        "trade_config.reset": "Your trading settings | support | none | Aurum support returned your trading settings to the site's defaults.",
        "trade_setup.changed": "Your AI trading | support | none | Aurum support changed the strategy it proposed for you from Grid to Recurring buy.",
        "trade_setup.paused": "Your AI trading | support | none | Aurum support paused your strategy Grid. Its budget stays reserved: resume or stop it on AI trading.",
        "trade_setup.proposed": "Your AI trading | support | none | Aurum support proposed a strategy for you: Recurring buy. It runs only if you accept it on AI trading.",
        "trade_setup.withdrawn": "Your AI trading | support | none | Aurum support withdrew the strategy it proposed for you: Grid.",
        "two_factor.off": "Two-factor sign-in is off | you | security | Your account no longer asks for a code from your authenticator app, and withdrawals are paused for 24 hours. If this was not you, change your password and freeze your account.",
        "two_factor.on": "Two-factor sign-in is on | you | security | Signing in, withdrawing and turning two-factor off now ask for a code from your authenticator app. Keep your recovery codes somewhere safe.",
        "withdraw_password.reset": "Your withdrawal password was reset | support | security | Aurum support set a new withdrawal password for your account. Withdrawals are paused for 24 hours.",
        "withdraw_password.set": "Withdrawal password set | you | security | You changed your withdrawal password. Withdrawals are paused for 24 hours.",
        "withdrawal.confirmed": "Withdrawal confirmed | you | optional | 1,250.50 USDT sent to TXYZ1234 (TRC20) reached 12 confirmations on chain.",
        "withdrawal.rejected": "Withdrawal not sent | support | optional | Aurum support did not send your withdrawal of 1,250.50 USDT on TRC20; it is back in your available balance.",
        "withdrawal.requested": "Withdrawal requested | you | security | You asked to withdraw 1,250.50 USDT to TXYZ1234 (TRC20), plus a fee of 1.00 USDT. It is on hold until it is sent.",
        "withdrawal.returned": "Withdrawal returned | support | optional | Your withdrawal on TRC20 never reached you: the network did not keep its transaction. Aurum support returned 1,250.50 USDT, the fee included, to your available balance.",
        "withdrawal.sent": "Withdrawal sent | support | optional | 1,250.50 USDT is on its way to TXYZ1234 (TRC20). Transaction: ab12",
      }
    `);
  });

  it("puts the reason after the sentence", () => {
    expect(sentenceOf("account.disabled", {}, "Chargeback", at)).toBe(
      "Aurum support disabled your account and signed out every session. Contact Customer Service to learn more. Reason: Chargeback",
    );
  });

  it("says a pause that is over is not one, and a capital where it starts the sentence", () => {
    expect(sentenceOf("withdraw_password.reset", { pausedUntil: at.toISOString() }, null, at)).toBe(
      "Aurum support set a new withdrawal password for your account. Withdrawals are not paused.",
    );
  });

  it("tells the notifications of what Aurum support did from the rest, title and sentence both", () => {
    const told = (kind: ActivityKind) => ({
      title: ACTIVITY[kind].title,
      message: sentenceOf(kind, SAMPLES[kind] as never, null, at),
    });
    expect(isSupportAction(told("balance.credited"))).toBe(true);
    expect(isSupportAction(told("withdrawal.rejected"))).toBe(true);
    // Support's own kind, but its sentence does not say "Aurum support did": nothing to link.
    expect(isSupportAction(told("withdrawal.sent"))).toBe(false);
    // The user's own change, under a title support's reset shares.
    expect(isSupportAction(told("password.reset_by_link"))).toBe(false);
    expect(isSupportAction({ title: "News", message: "Aurum support is here on Sundays." })).toBe(false);
  });
});
