import type { Operation } from "./operation";
import { activityAnswer } from "@/lib/activity/answers";
import { invitesAnswer } from "@/lib/referrals/answers";
import { loginHistoryAnswer, sessionsAnswer } from "@/lib/auth/answers";
import { infoAnswer, infoSavedAnswer, profileAnswer } from "@/lib/account/answers";
import { recordsAnswer, transactionsAnswer } from "@/lib/ledger/answers";
import { klineAnswer, tickerAnswer } from "@/lib/market/answers";
import { notificationsAnswer, readAllAnswer, readAnswer } from "@/lib/notifications/answers";
import { plansAnswer, subscriptionChangeAnswer, subscriptionsAnswer } from "@/lib/savings/answers";
import { storageAnswer, storageMoveAnswer } from "@/lib/storage/answers";
import { alertDeletedAnswer, alertSetAnswer, alertsAnswer } from "@/lib/alerts/answers";
import {
  networksAnswer,
  depositAddressAnswer,
  depositSubmittedAnswer,
  depositsAnswer,
  withdrawalChangeAnswer,
  withdrawalsAnswer,
} from "@/lib/funding/answers";
import { strategiesAnswer, strategyAnswer, strategyChangeAnswer, userOrdersAnswer } from "@/lib/strategies/answers";
import type { ErrorCode } from "@/lib/core/errors";
import {
  balanceAnswer,
  cancelOrderAnswer,
  placeOrderAnswer,
  publicTradesAnswer,
  tradeSettingsAnswer,
} from "@/lib/trading/answers";
import { alertSchema } from "@/lib/alerts/input";
import { forgotPasswordSchema } from "@/lib/auth/forgot-password";
import { twoFactorLoginSchema } from "@/lib/auth/two-factor/complete-login";
import { loginPayloadSchema } from "@/lib/auth/login";
import { registerPayloadSchema } from "@/lib/auth/register-rules";
import { resetPasswordSchema } from "@/lib/auth/reset-password";
import { depositAddressQuery } from "@/lib/funding/deposit-address";
import { depositFieldsSchema } from "@/lib/funding/deposits";
import { paginationSchema } from "@/lib/core/query";
import { subscribeSchema as pushSubscribeSchema } from "@/lib/push/subscriptions";
import { recordFilterSchema, recordQuerySchema } from "@/lib/ledger/records";
import { transactionQuerySchema } from "@/lib/ledger/transactions";
import { subscribeSchema } from "@/lib/savings/subscriptions";
import { storageMoveSchema } from "@/lib/storage/vault";
import { acceptSetupSchema, strategyBodySchema } from "@/lib/strategies/input";
import { contactSchema, openConversationSchema, userMessageSchema } from "@/lib/support/input";
import { orderSchema } from "@/lib/trading/order-input";
import { orderQuerySchema } from "@/lib/strategies/list-orders";
import { disableSchema, enableSchema, setupSchema } from "@/lib/auth/two-factor/enrolment";
import { antiPhishingSchema } from "@/lib/account/anti-phishing";
import { keyCreatedAnswer, keyRenamedAnswer, keyRevokedAnswer, keysAnswer } from "@/lib/api-keys/answers";
import { createKeySchema, renameKeySchema } from "@/lib/api-keys/manage";
import { freezeSchema } from "@/lib/account/freeze";
import { userInfoSchema } from "@/lib/account/info";
import { mailPreferenceSchema } from "@/lib/activity/mail-preference";
import { preferencesSchema } from "@/lib/notifications/preferences";
import { changePasswordSchema } from "@/lib/account/change-password";
import { withdrawPasswordSchema } from "@/lib/auth/withdraw-password";
import { withdrawalSchema } from "@/lib/funding/withdrawals";
import { klineQuerySchema } from "@/lib/market/klines";
import { publicTradesQuerySchema } from "@/lib/trading/public-trades";

/** Starting a strategy (or accepting one support proposed): its rules checked, its budget reserved. */
const STRATEGY_START: ErrorCode[] = [
  "DAILY_LIMIT_EXCEEDED",
  "INSUFFICIENT_FUNDS",
  "QUANTITY_TOO_LARGE",
  "QUANTITY_TOO_SMALL",
  "RANGE_ABOVE_PRICE",
  "RISK_NOT_ACCEPTED",
];

/**
 * Every route of the user API with the schemas its handler validates with, imported from where the
 * handler imports them: tests/integration/openapi.test.ts fails when a route file has no
 * entry here (or in admin-operations.ts), or when an entry's schema is not the very object the
 * handler passes to parseBody or validate.
 */
export const USER_OPERATIONS: readonly Operation[] = [
  { method: "GET", path: "/api/openapi.json", access: "public", summary: "This document (OpenAPI 3.1)" },
  {
    method: "DELETE",
    path: "/api/alerts/{id}",
    access: "user",
    summary: "Delete a price alert",
    answer: alertDeletedAnswer,
    errors: ["ALERT_NOT_FOUND"],
  },
  { method: "GET", path: "/api/alerts", access: "user", summary: "Your price alerts", answer: alertsAnswer },
  {
    method: "POST",
    path: "/api/alerts",
    access: "user",
    summary: "Set a price alert",
    body: alertSchema,
    answer: alertSetAnswer,
    errors: ["ALERT_LIMIT", "ALERT_PRICE_REACHED", "PRICE_STALE", "PRICE_UNAVAILABLE"],
  },
  { method: "GET", path: "/api/auth/balance", access: "user", summary: "Your balances", answer: balanceAnswer },
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    access: "public",
    summary: "Ask for a password reset link",
    body: forgotPasswordSchema,
  },
  {
    method: "POST",
    path: "/api/auth/login/2fa",
    access: "public",
    summary: "Sign in: the two-factor step",
    body: twoFactorLoginSchema,
  },
  { method: "POST", path: "/api/auth/login", access: "public", summary: "Sign in", body: loginPayloadSchema },
  { method: "POST", path: "/api/auth/logout", access: "session", summary: "Sign out" },
  { method: "GET", path: "/api/auth/profile", access: "user", summary: "The signed-in user", answer: profileAnswer },
  {
    method: "POST",
    path: "/api/auth/register",
    access: "public",
    summary: "Open an account",
    body: registerPayloadSchema,
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    access: "public",
    summary: "Set a new password with a reset link",
    body: resetPasswordSchema,
  },
  {
    method: "GET",
    path: "/api/deposits/address",
    access: "user",
    summary: "Your deposit address on a network",
    query: depositAddressQuery,
    answer: depositAddressAnswer,
    errors: ["UNSUPPORTED_NETWORK", "NETWORK_DISABLED"],
  },
  {
    method: "POST",
    path: "/api/deposits",
    access: "user",
    summary: "Submit a deposit with its proof",
    form: { fields: depositFieldsSchema, files: ["proof"] },
    answer: depositSubmittedAnswer,
    errors: [
      "BELOW_MINIMUM",
      "FILE_TOO_LARGE",
      "IMAGE_TOO_LARGE",
      "INVALID_TX_HASH",
      "NETWORK_DISABLED",
      "TOO_MANY_PENDING_DEPOSITS",
      "TX_HASH_USED",
      "UNKNOWN_CURRENCY",
      "UNREADABLE_IMAGE",
      "UNSUPPORTED_FILE",
      "UNSUPPORTED_NETWORK",
    ],
  },
  {
    method: "GET",
    path: "/api/deposits",
    access: "user",
    summary: "Your deposits",
    query: paginationSchema,
    answer: depositsAnswer,
  },
  {
    method: "GET",
    path: "/api/funding/networks",
    access: "user",
    summary: "Assets and networks for deposits and withdrawals",
    answer: networksAnswer,
  },
  { method: "GET", path: "/api/health/ready", access: "public", summary: "Readiness" },
  { method: "GET", path: "/api/health", access: "public", summary: "Liveness" },
  {
    method: "PATCH",
    path: "/api/notifications/{id}/read",
    access: "user",
    summary: "Mark a notification read",
    answer: readAnswer,
  },
  {
    method: "POST",
    path: "/api/notifications/read-all",
    access: "user",
    summary: "Mark every notification read",
    answer: readAllAnswer,
  },
  {
    method: "GET",
    path: "/api/notifications",
    access: "user",
    summary: "Your notifications",
    query: paginationSchema,
    answer: notificationsAnswer,
  },
  {
    method: "GET",
    path: "/api/proof/snapshots/{id}/me",
    access: "user",
    summary: "Your proof of inclusion in a snapshot",
  },
  { method: "GET", path: "/api/proof/snapshots/{id}", access: "public", summary: "A proof-of-liabilities snapshot" },
  {
    method: "GET",
    path: "/api/proof/snapshots",
    access: "public",
    summary: "Proof-of-liabilities snapshots",
    query: paginationSchema,
  },
  { method: "GET", path: "/api/push/key", access: "session", summary: "The Web Push public key" },
  {
    method: "DELETE",
    path: "/api/push/subscriptions/{id}",
    access: "session",
    summary: "Remove a push subscription",
  },
  { method: "GET", path: "/api/push/subscriptions", access: "session", summary: "Your push subscriptions" },
  {
    method: "POST",
    path: "/api/push/subscriptions",
    access: "session",
    summary: "Subscribe a device to push",
    body: pushSubscribeSchema,
  },
  {
    method: "GET",
    path: "/api/records/export",
    access: "user",
    summary: "Your ledger entries as CSV",
    query: recordFilterSchema,
    file: "text/csv",
  },
  {
    method: "GET",
    path: "/api/records",
    access: "user",
    summary: "Your ledger entries",
    query: recordQuerySchema,
    answer: recordsAnswer,
  },
  {
    method: "GET",
    path: "/api/records/transactions",
    access: "user",
    summary: "Your transactions",
    query: transactionQuerySchema,
    answer: transactionsAnswer,
  },
  { method: "GET", path: "/api/savings", access: "user", summary: "Saving plans", answer: plansAnswer },
  {
    method: "POST",
    path: "/api/savings/user/{id}/redeem",
    access: "user",
    summary: "Redeem a savings subscription",
    idempotency: "optional",
    answer: subscriptionChangeAnswer,
    errors: ["ALREADY_CLOSED"],
  },
  {
    method: "POST",
    path: "/api/savings/user/create",
    access: "user",
    summary: "Subscribe to a saving plan",
    body: subscribeSchema,
    idempotency: "required",
    answer: subscriptionChangeAnswer,
    errors: ["NOT_FOUND", "BELOW_MINIMUM", "ABOVE_MAXIMUM", "CAP_REACHED", "INSUFFICIENT_FUNDS"],
  },
  {
    method: "GET",
    path: "/api/savings/user",
    access: "user",
    summary: "Your savings subscriptions",
    answer: subscriptionsAnswer,
  },
  { method: "GET", path: "/api/settings/config", access: "public", summary: "Public settings" },
  {
    method: "POST",
    path: "/api/storage/retrieve",
    access: "user",
    summary: "Retrieve XAUt from the vault",
    body: storageMoveSchema,
    idempotency: "optional",
    answer: storageMoveAnswer,
    errors: ["INSUFFICIENT_FUNDS"],
  },
  { method: "GET", path: "/api/storage", access: "user", summary: "Your vault", answer: storageAnswer },
  {
    method: "POST",
    path: "/api/storage/store",
    access: "user",
    summary: "Store XAUt in the vault",
    body: storageMoveSchema,
    idempotency: "optional",
    answer: storageMoveAnswer,
    errors: ["INSUFFICIENT_FUNDS"],
  },
  {
    method: "POST",
    path: "/api/strategies/{id}/accept",
    access: "user",
    summary: "Accept a proposed strategy",
    body: acceptSetupSchema,
    idempotency: "required",
    answer: strategyChangeAnswer,
    errors: [...STRATEGY_START, "STRATEGY_STATE"],
  },
  {
    method: "POST",
    path: "/api/strategies/{id}/pause",
    access: "user",
    summary: "Pause a strategy",
    idempotency: "optional",
    answer: strategyChangeAnswer,
    errors: ["STRATEGY_STATE"],
  },
  {
    method: "POST",
    path: "/api/strategies/{id}/resume",
    access: "user",
    summary: "Resume a strategy",
    idempotency: "optional",
    answer: strategyChangeAnswer,
    errors: ["INSUFFICIENT_FUNDS", "STRATEGY_STATE"],
  },
  { method: "GET", path: "/api/strategies/{id}", access: "user", summary: "A strategy", answer: strategyAnswer },
  {
    method: "POST",
    path: "/api/strategies/{id}/stop",
    access: "user",
    summary: "Stop a strategy",
    idempotency: "optional",
    answer: strategyChangeAnswer,
    errors: ["STRATEGY_STATE"],
  },
  { method: "GET", path: "/api/strategies", access: "user", summary: "Your strategies", answer: strategiesAnswer },
  {
    method: "POST",
    path: "/api/strategies",
    access: "user",
    summary: "Start a strategy",
    body: strategyBodySchema,
    idempotency: "required",
    answer: strategyChangeAnswer,
    errors: STRATEGY_START,
  },
  {
    method: "POST",
    path: "/api/support/contact",
    access: "public",
    summary: "Write to customer service (signed out)",
    body: contactSchema,
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/support/conversations/{id}/messages",
    access: "user",
    summary: "Reply in a support conversation",
    body: userMessageSchema,
    idempotency: "optional",
  },
  {
    method: "GET",
    path: "/api/support/conversations/{id}",
    access: "user",
    summary: "A support conversation",
  },
  {
    method: "GET",
    path: "/api/support/conversations",
    access: "user",
    summary: "Your support conversations",
    query: paginationSchema,
  },
  {
    method: "POST",
    path: "/api/support/conversations",
    access: "user",
    summary: "Open a support conversation",
    body: openConversationSchema,
    idempotency: "optional",
  },
  {
    method: "DELETE",
    path: "/api/trades/{id}",
    access: "user",
    summary: "Cancel an order",
    idempotency: "optional",
    answer: cancelOrderAnswer,
    errors: ["ORDER_NOT_OPEN", "STRATEGY_ORDER"],
  },
  {
    method: "POST",
    path: "/api/trades",
    access: "user",
    summary: "Place an order",
    body: orderSchema,
    idempotency: "optional",
    answer: placeOrderAnswer,
    errors: [
      "ACCOUNT_NOT_ACTIVE",
      "DAILY_LIMIT_EXCEEDED",
      "INSUFFICIENT_FUNDS",
      "LIMIT_ALREADY_REACHED",
      "ORDER_TOO_SMALL",
      "PRICE_STALE",
      "PRICE_UNAVAILABLE",
      "QUANTITY_TOO_LARGE",
      "QUANTITY_TOO_SMALL",
      "STOP_ALREADY_REACHED",
      "TOO_MANY_OPEN_ORDERS",
      "TRADING_DISABLED",
    ],
  },
  {
    method: "GET",
    path: "/api/trades/trade-settings",
    access: "user",
    summary: "Your trading rules and today's limit",
    answer: tradeSettingsAnswer,
  },
  {
    method: "GET",
    path: "/api/trades/user",
    access: "user",
    summary: "Your orders",
    query: orderQuerySchema,
    answer: userOrdersAnswer,
  },
  { method: "GET", path: "/api/uploads/{id}", access: "public", summary: "An uploaded image" },
  {
    method: "POST",
    path: "/api/user/2fa/disable",
    access: "user",
    summary: "Turn two-factor sign-in off",
    body: disableSchema,
  },
  {
    method: "POST",
    path: "/api/user/2fa/enable",
    access: "user",
    summary: "Turn two-factor sign-in on",
    body: enableSchema,
  },
  {
    method: "POST",
    path: "/api/user/2fa/setup",
    access: "user",
    summary: "Start setting up two-factor sign-in",
    body: setupSchema,
  },
  {
    method: "GET",
    path: "/api/user/activity",
    access: "user",
    summary: "Your account activity",
    query: paginationSchema,
    answer: activityAnswer,
  },
  { method: "GET", path: "/api/user/anti-phishing", access: "user", summary: "Your anti-phishing code" },
  {
    method: "PUT",
    path: "/api/user/anti-phishing",
    access: "user",
    summary: "Set your anti-phishing code",
    body: antiPhishingSchema,
  },
  {
    method: "PATCH",
    path: "/api/user/api-keys/{id}",
    access: "user",
    summary: "Rename an API key",
    body: renameKeySchema,
    answer: keyRenamedAnswer,
  },
  {
    method: "DELETE",
    path: "/api/user/api-keys/{id}",
    access: "user",
    summary: "Revoke an API key",
    answer: keyRevokedAnswer,
  },
  { method: "GET", path: "/api/user/api-keys", access: "user", summary: "Your API keys", answer: keysAnswer },
  {
    method: "POST",
    path: "/api/user/api-keys",
    access: "user",
    summary: "Make an API key",
    body: createKeySchema,
    answer: keyCreatedAnswer,
    errors: ["TWO_FACTOR_REQUIRED", "WRONG_TWO_FACTOR_CODE", "TOO_MANY_API_KEYS", "RATE_LIMITED"],
  },
  { method: "POST", path: "/api/user/freeze", access: "user", summary: "Freeze your account", body: freezeSchema },
  { method: "GET", path: "/api/user/info", access: "user", summary: "Your personal information", answer: infoAnswer },
  {
    method: "PUT",
    path: "/api/user/info",
    access: "user",
    summary: "Change your personal information",
    body: userInfoSchema,
    answer: infoSavedAnswer,
    errors: ["PASSWORD_REQUIRED", "WRONG_PASSWORD", "EMAIL_TAKEN", "RATE_LIMITED"],
  },
  {
    method: "GET",
    path: "/api/user/invites",
    access: "user",
    summary: "Your invitations and rewards",
    answer: invitesAnswer,
  },
  {
    method: "GET",
    path: "/api/user/login-history",
    access: "user",
    summary: "Your sign-in history",
    query: paginationSchema,
    answer: loginHistoryAnswer,
  },
  { method: "GET", path: "/api/user/mail-preference", access: "user", summary: "Your optional-mail choice" },
  {
    method: "PUT",
    path: "/api/user/mail-preference",
    access: "user",
    summary: "Choose optional mail",
    body: mailPreferenceSchema,
  },
  {
    method: "GET",
    path: "/api/user/notification-preferences",
    access: "session",
    summary: "Your notification preferences",
  },
  {
    method: "PUT",
    path: "/api/user/notification-preferences",
    access: "session",
    summary: "Set notification preferences",
    body: preferencesSchema,
  },
  {
    method: "POST",
    path: "/api/user/password",
    access: "session",
    summary: "Change your password",
    body: changePasswordSchema,
  },
  { method: "DELETE", path: "/api/user/sessions/{id}", access: "user", summary: "End a session" },
  {
    method: "POST",
    path: "/api/user/sessions/revoke-others",
    access: "session",
    summary: "End every other session",
  },
  { method: "GET", path: "/api/user/sessions", access: "session", summary: "Your sessions", answer: sessionsAnswer },
  {
    method: "GET",
    path: "/api/user/withdraw-password",
    access: "user",
    summary: "Whether a withdrawal password is set",
  },
  {
    method: "POST",
    path: "/api/user/withdraw-password",
    access: "user",
    summary: "Set your withdrawal password",
    body: withdrawPasswordSchema,
  },
  {
    method: "POST",
    path: "/api/withdrawals/{id}/cancel",
    access: "user",
    summary: "Cancel a withdrawal",
    idempotency: "optional",
    answer: withdrawalChangeAnswer,
    errors: ["ALREADY_DECIDED"],
  },
  {
    method: "POST",
    path: "/api/withdrawals",
    access: "user",
    summary: "Ask for a withdrawal",
    body: withdrawalSchema,
    idempotency: "optional",
    answer: withdrawalChangeAnswer,
    errors: [
      "ACCOUNT_NOT_ACTIVE",
      "BELOW_MINIMUM",
      "BURN_ADDRESS",
      "DAILY_LIMIT_EXCEEDED",
      "INSUFFICIENT_FUNDS",
      "INVALID_ADDRESS",
      "NETWORK_DISABLED",
      "TWO_FACTOR_CODE_REQUIRED",
      "UNKNOWN_CURRENCY",
      "UNSUPPORTED_NETWORK",
      "WITHDRAWAL_NOT_VALUED",
      "WITHDRAWALS_DISABLED",
      "WITHDRAWALS_LOCKED",
      "WITHDRAWALS_ON_HOLD",
      "WITHDRAW_PASSWORD_NOT_SET",
      "WRONG_TWO_FACTOR_CODE",
      "WRONG_WITHDRAW_PASSWORD",
    ],
  },
  {
    method: "GET",
    path: "/api/withdrawals",
    access: "user",
    summary: "Your withdrawals",
    query: paginationSchema,
    answer: withdrawalsAnswer,
  },
  {
    method: "GET",
    path: "/api/xaut/kline",
    access: "user",
    summary: "Price candles",
    query: klineQuerySchema,
    answer: klineAnswer,
  },
  { method: "GET", path: "/api/xaut/ticker", access: "user", summary: "The XAUt/USDT ticker", answer: tickerAnswer },
  {
    method: "GET",
    path: "/api/xaut/trades",
    access: "user",
    summary: "Aurum's latest trades",
    query: publicTradesQuerySchema,
    answer: publicTradesAnswer,
  },
];
