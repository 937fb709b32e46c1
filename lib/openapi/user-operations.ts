import type { Operation } from "./operation";
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

/**
 * Every route of the user API with the schemas its handler validates with, imported from where the
 * handler imports them: tests/integration/openapi-registry.test.ts fails when a route file has no
 * entry here (or in admin-operations.ts), or when an entry's schema is not the very object the
 * handler passes to parseBody or validate.
 */
export const USER_OPERATIONS: readonly Operation[] = [
  { method: "GET", path: "/api/openapi.json", access: "public", summary: "This document (OpenAPI 3.1)" },
  { method: "DELETE", path: "/api/alerts/{id}", access: "user", summary: "Delete alerts (one)" },
  { method: "GET", path: "/api/alerts", access: "user", summary: "Read alerts" },
  { method: "POST", path: "/api/alerts", access: "user", summary: "Create alerts", body: alertSchema },
  { method: "GET", path: "/api/auth/balance", access: "user", summary: "Read auth balance" },
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    access: "public",
    summary: "Forgot password (auth)",
    body: forgotPasswordSchema,
  },
  {
    method: "POST",
    path: "/api/auth/login/2fa",
    access: "public",
    summary: "2fa (auth login)",
    body: twoFactorLoginSchema,
  },
  { method: "POST", path: "/api/auth/login", access: "public", summary: "Login (auth)", body: loginPayloadSchema },
  { method: "POST", path: "/api/auth/logout", access: "session", summary: "Logout (auth)" },
  { method: "GET", path: "/api/auth/profile", access: "user", summary: "Read auth profile" },
  {
    method: "POST",
    path: "/api/auth/register",
    access: "public",
    summary: "Register (auth)",
    body: registerPayloadSchema,
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    access: "public",
    summary: "Reset password (auth)",
    body: resetPasswordSchema,
  },
  {
    method: "GET",
    path: "/api/deposits/address",
    access: "user",
    summary: "Read deposits address",
    query: depositAddressQuery,
  },
  {
    method: "POST",
    path: "/api/deposits",
    access: "user",
    summary: "Create deposits",
    form: { fields: depositFieldsSchema, files: ["proof"] },
  },
  { method: "GET", path: "/api/deposits", access: "user", summary: "Read deposits", query: paginationSchema },
  { method: "GET", path: "/api/funding/networks", access: "user", summary: "Read funding networks" },
  { method: "GET", path: "/api/health/ready", access: "public", summary: "Read health ready" },
  { method: "GET", path: "/api/health", access: "public", summary: "Read health" },
  { method: "PATCH", path: "/api/notifications/{id}/read", access: "user", summary: "Change notifications read" },
  { method: "POST", path: "/api/notifications/read-all", access: "user", summary: "Read all (notifications)" },
  { method: "GET", path: "/api/notifications", access: "user", summary: "Read notifications", query: paginationSchema },
  { method: "GET", path: "/api/proof/snapshots/{id}/me", access: "user", summary: "Read proof snapshots me" },
  { method: "GET", path: "/api/proof/snapshots/{id}", access: "public", summary: "Read proof snapshots (one)" },
  {
    method: "GET",
    path: "/api/proof/snapshots",
    access: "public",
    summary: "Read proof snapshots",
    query: paginationSchema,
  },
  { method: "GET", path: "/api/push/key", access: "session", summary: "Read push key" },
  {
    method: "DELETE",
    path: "/api/push/subscriptions/{id}",
    access: "session",
    summary: "Delete push subscriptions (one)",
  },
  { method: "GET", path: "/api/push/subscriptions", access: "session", summary: "Read push subscriptions" },
  {
    method: "POST",
    path: "/api/push/subscriptions",
    access: "session",
    summary: "Create push subscriptions",
    body: pushSubscribeSchema,
  },
  {
    method: "GET",
    path: "/api/records/export",
    access: "user",
    summary: "Read records export",
    query: recordFilterSchema,
  },
  { method: "GET", path: "/api/records", access: "user", summary: "Read records", query: recordQuerySchema },
  {
    method: "GET",
    path: "/api/records/transactions",
    access: "user",
    summary: "Read records transactions",
    query: transactionQuerySchema,
  },
  { method: "GET", path: "/api/savings", access: "user", summary: "Read savings" },
  {
    method: "POST",
    path: "/api/savings/user/{id}/redeem",
    access: "user",
    summary: "Redeem (savings user)",
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/savings/user/create",
    access: "user",
    summary: "Create (savings user)",
    body: subscribeSchema,
    idempotency: "required",
  },
  { method: "GET", path: "/api/savings/user", access: "user", summary: "Read savings user" },
  { method: "GET", path: "/api/settings/config", access: "public", summary: "Read settings config" },
  {
    method: "POST",
    path: "/api/storage/retrieve",
    access: "user",
    summary: "Retrieve (storage)",
    body: storageMoveSchema,
    idempotency: "optional",
  },
  { method: "GET", path: "/api/storage", access: "user", summary: "Read storage" },
  {
    method: "POST",
    path: "/api/storage/store",
    access: "user",
    summary: "Store (storage)",
    body: storageMoveSchema,
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/strategies/{id}/accept",
    access: "user",
    summary: "Accept (strategies)",
    body: acceptSetupSchema,
    idempotency: "required",
  },
  {
    method: "POST",
    path: "/api/strategies/{id}/pause",
    access: "user",
    summary: "Pause (strategies)",
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/strategies/{id}/resume",
    access: "user",
    summary: "Resume (strategies)",
    idempotency: "optional",
  },
  { method: "GET", path: "/api/strategies/{id}", access: "user", summary: "Read strategies (one)" },
  {
    method: "POST",
    path: "/api/strategies/{id}/stop",
    access: "user",
    summary: "Stop (strategies)",
    idempotency: "optional",
  },
  { method: "GET", path: "/api/strategies", access: "user", summary: "Read strategies" },
  {
    method: "POST",
    path: "/api/strategies",
    access: "user",
    summary: "Create strategies",
    body: strategyBodySchema,
    idempotency: "required",
  },
  {
    method: "POST",
    path: "/api/support/contact",
    access: "public",
    summary: "Create support contact",
    body: contactSchema,
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/support/conversations/{id}/messages",
    access: "user",
    summary: "Create support conversations messages",
    body: userMessageSchema,
    idempotency: "optional",
  },
  {
    method: "GET",
    path: "/api/support/conversations/{id}",
    access: "user",
    summary: "Read support conversations (one)",
  },
  {
    method: "GET",
    path: "/api/support/conversations",
    access: "user",
    summary: "Read support conversations",
    query: paginationSchema,
  },
  {
    method: "POST",
    path: "/api/support/conversations",
    access: "user",
    summary: "Create support conversations",
    body: openConversationSchema,
    idempotency: "optional",
  },
  {
    method: "DELETE",
    path: "/api/trades/{id}",
    access: "user",
    summary: "Delete trades (one)",
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/trades",
    access: "user",
    summary: "Create trades",
    body: orderSchema,
    idempotency: "optional",
  },
  { method: "GET", path: "/api/trades/trade-settings", access: "user", summary: "Read trades trade settings" },
  { method: "GET", path: "/api/trades/user", access: "user", summary: "Read trades user", query: orderQuerySchema },
  { method: "GET", path: "/api/uploads/{id}", access: "public", summary: "Read uploads (one)" },
  { method: "POST", path: "/api/user/2fa/disable", access: "user", summary: "Disable (user 2fa)", body: disableSchema },
  { method: "POST", path: "/api/user/2fa/enable", access: "user", summary: "Enable (user 2fa)", body: enableSchema },
  { method: "POST", path: "/api/user/2fa/setup", access: "user", summary: "Setup (user 2fa)", body: setupSchema },
  { method: "GET", path: "/api/user/activity", access: "user", summary: "Read user activity", query: paginationSchema },
  { method: "GET", path: "/api/user/anti-phishing", access: "user", summary: "Read user anti phishing" },
  {
    method: "PUT",
    path: "/api/user/anti-phishing",
    access: "user",
    summary: "Replace user anti phishing",
    body: antiPhishingSchema,
  },
  {
    method: "PATCH",
    path: "/api/user/api-keys/{id}",
    access: "user",
    summary: "Change user api keys (one)",
    body: renameKeySchema,
  },
  { method: "DELETE", path: "/api/user/api-keys/{id}", access: "user", summary: "Delete user api keys (one)" },
  { method: "GET", path: "/api/user/api-keys", access: "user", summary: "Read user api keys" },
  {
    method: "POST",
    path: "/api/user/api-keys",
    access: "user",
    summary: "Create user api keys",
    body: createKeySchema,
  },
  { method: "POST", path: "/api/user/freeze", access: "user", summary: "Freeze (user)", body: freezeSchema },
  { method: "GET", path: "/api/user/info", access: "user", summary: "Read user info" },
  { method: "PUT", path: "/api/user/info", access: "user", summary: "Replace user info", body: userInfoSchema },
  { method: "GET", path: "/api/user/invites", access: "user", summary: "Read user invites" },
  {
    method: "GET",
    path: "/api/user/login-history",
    access: "user",
    summary: "Read user login history",
    query: paginationSchema,
  },
  { method: "GET", path: "/api/user/mail-preference", access: "user", summary: "Read user mail preference" },
  {
    method: "PUT",
    path: "/api/user/mail-preference",
    access: "user",
    summary: "Replace user mail preference",
    body: mailPreferenceSchema,
  },
  {
    method: "GET",
    path: "/api/user/notification-preferences",
    access: "session",
    summary: "Read user notification preferences",
  },
  {
    method: "PUT",
    path: "/api/user/notification-preferences",
    access: "session",
    summary: "Replace user notification preferences",
    body: preferencesSchema,
  },
  {
    method: "POST",
    path: "/api/user/password",
    access: "session",
    summary: "Create user password",
    body: changePasswordSchema,
  },
  { method: "DELETE", path: "/api/user/sessions/{id}", access: "user", summary: "Delete user sessions (one)" },
  {
    method: "POST",
    path: "/api/user/sessions/revoke-others",
    access: "session",
    summary: "Revoke others (user sessions)",
  },
  { method: "GET", path: "/api/user/sessions", access: "session", summary: "Read user sessions" },
  { method: "GET", path: "/api/user/withdraw-password", access: "user", summary: "Read user withdraw password" },
  {
    method: "POST",
    path: "/api/user/withdraw-password",
    access: "user",
    summary: "Create user withdraw password",
    body: withdrawPasswordSchema,
  },
  {
    method: "POST",
    path: "/api/withdrawals/{id}/cancel",
    access: "user",
    summary: "Cancel (withdrawals)",
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/withdrawals",
    access: "user",
    summary: "Create withdrawals",
    body: withdrawalSchema,
    idempotency: "optional",
  },
  { method: "GET", path: "/api/withdrawals", access: "user", summary: "Read withdrawals", query: paginationSchema },
  { method: "GET", path: "/api/xaut/kline", access: "user", summary: "Read xaut kline", query: klineQuerySchema },
  { method: "GET", path: "/api/xaut/ticker", access: "user", summary: "Read xaut ticker" },
  {
    method: "GET",
    path: "/api/xaut/trades",
    access: "user",
    summary: "Read xaut trades",
    query: publicTradesQuerySchema,
  },
];
