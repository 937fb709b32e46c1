import type { Operation } from "./operation";
import { proposalQuerySchema, rejectProposalSchema } from "@/lib/approvals/proposals";
import { auditQuerySchema } from "@/lib/audit/list";
import { approveDepositSchema, rejectDepositSchema } from "@/lib/funding/decide-deposit";
import { queueQuerySchema } from "@/lib/funding/queues";
import { sendNotificationSchema } from "@/lib/notifications/schema";
import { paginationSchema } from "@/lib/core/query";
import { reserveSchema } from "@/lib/proof/reserves";
import { planSchema } from "@/lib/savings/plans";
import { supportMessageSchema, updateConversationSchema } from "@/lib/support/input";
import { supportQueueQuerySchema } from "@/lib/support/queue";
import { setupChangeSchema, strategyBodySchema } from "@/lib/strategies/input";
import { manageBalanceSchema } from "@/lib/admin/adjust-balance";
import { resetPasswordSchema, resetWithdrawPasswordSchema, roleSchema, statusSchema } from "@/lib/admin/user-actions";
import { tradeConfigSchema } from "@/lib/trading/trade-config";
import { userListQuerySchema } from "@/lib/admin/users";
import { walletSchema } from "@/lib/funding/wallets";
import { rejectWithdrawalSchema, sendWithdrawalSchema } from "@/lib/funding/decide-withdrawal";
import { settingsPatchSchema } from "@/lib/settings/schema";

/** Every administrator-only route (withAdmin), published to administrators alone: see user-operations.ts. */
export const ADMIN_OPERATIONS: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/admin/openapi.json",
    access: "admin",
    summary: "The admin API's document (OpenAPI 3.1)",
  },
  {
    method: "POST",
    path: "/api/admin/approvals/{id}/approve",
    access: "admin",
    summary: "Approve (admin approvals)",
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/admin/approvals/{id}/reject",
    access: "admin",
    summary: "Reject (admin approvals)",
    body: rejectProposalSchema,
  },
  {
    method: "GET",
    path: "/api/admin/approvals",
    access: "admin",
    summary: "Read admin approvals",
    query: proposalQuerySchema,
  },
  { method: "GET", path: "/api/admin/audit/chain", access: "admin", summary: "Read admin audit chain" },
  { method: "GET", path: "/api/admin/audit", access: "admin", summary: "Read admin audit", query: auditQuerySchema },
  {
    method: "POST",
    path: "/api/admin/deposits/{id}/approve",
    access: "admin",
    summary: "Approve (admin deposits)",
    body: approveDepositSchema,
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/admin/deposits/{id}/reject",
    access: "admin",
    summary: "Reject (admin deposits)",
    body: rejectDepositSchema,
    idempotency: "optional",
  },
  {
    method: "GET",
    path: "/api/admin/deposits",
    access: "admin",
    summary: "Read admin deposits",
    query: queueQuerySchema,
  },
  {
    method: "POST",
    path: "/api/admin/notifications",
    access: "admin",
    summary: "Create admin notifications",
    body: sendNotificationSchema,
  },
  { method: "GET", path: "/api/admin/outbox", access: "admin", summary: "Read admin outbox", query: paginationSchema },
  {
    method: "PUT",
    path: "/api/admin/proof/reserves/{id}",
    access: "admin",
    summary: "Replace admin proof reserves (one)",
    body: reserveSchema,
  },
  {
    method: "DELETE",
    path: "/api/admin/proof/reserves/{id}",
    access: "admin",
    summary: "Delete admin proof reserves (one)",
  },
  { method: "GET", path: "/api/admin/proof/reserves", access: "admin", summary: "Read admin proof reserves" },
  {
    method: "POST",
    path: "/api/admin/proof/reserves",
    access: "admin",
    summary: "Create admin proof reserves",
    body: reserveSchema,
  },
  {
    method: "POST",
    path: "/api/admin/proof/snapshots/force",
    access: "admin",
    summary: "Force (admin proof snapshots)",
  },
  { method: "POST", path: "/api/admin/proof/snapshots", access: "admin", summary: "Create admin proof snapshots" },
  {
    method: "PUT",
    path: "/api/admin/saving-plans/{id}",
    access: "admin",
    summary: "Replace admin saving plans (one)",
    body: planSchema,
  },
  { method: "GET", path: "/api/admin/saving-plans", access: "admin", summary: "Read admin saving plans" },
  {
    method: "POST",
    path: "/api/admin/saving-plans",
    access: "admin",
    summary: "Create admin saving plans",
    body: planSchema,
  },
  {
    method: "POST",
    path: "/api/admin/support/{id}/messages",
    access: "admin",
    summary: "Create admin support messages",
    body: supportMessageSchema,
    idempotency: "optional",
  },
  { method: "GET", path: "/api/admin/support/{id}", access: "admin", summary: "Read admin support (one)" },
  {
    method: "PUT",
    path: "/api/admin/support/{id}",
    access: "admin",
    summary: "Replace admin support (one)",
    body: updateConversationSchema,
    idempotency: "optional",
  },
  {
    method: "GET",
    path: "/api/admin/support",
    access: "admin",
    summary: "Read admin support",
    query: supportQueueQuerySchema,
  },
  {
    method: "PUT",
    path: "/api/admin/trade-setups/{id}",
    access: "admin",
    summary: "Replace admin trade setups (one)",
    body: setupChangeSchema,
  },
  {
    method: "DELETE",
    path: "/api/admin/trade-setups/{id}",
    access: "admin",
    summary: "Delete admin trade setups (one)",
  },
  {
    method: "POST",
    path: "/api/admin/upload/logo",
    access: "admin",
    summary: "Upload the site logo",
    form: { files: ["logo"] },
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/manage-balance",
    access: "admin",
    summary: "Replace admin users manage balance",
    body: manageBalanceSchema,
    idempotency: "optional",
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/reset-password",
    access: "admin",
    summary: "Replace admin users reset password",
    body: resetPasswordSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/reset-withdraw-password",
    access: "admin",
    summary: "Replace admin users reset withdraw password",
    body: resetWithdrawPasswordSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/role",
    access: "admin",
    summary: "Replace admin users role",
    body: roleSchema,
  },
  { method: "GET", path: "/api/admin/users/{id}", access: "admin", summary: "Read admin users (one)" },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/status",
    access: "admin",
    summary: "Replace admin users status",
    body: statusSchema,
  },
  {
    method: "GET",
    path: "/api/admin/users/{id}/trade-config",
    access: "admin",
    summary: "Read admin users trade config",
  },
  {
    method: "POST",
    path: "/api/admin/users/{id}/trade-config",
    access: "admin",
    summary: "Create admin users trade config",
    body: tradeConfigSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/trade-config",
    access: "admin",
    summary: "Replace admin users trade config",
    body: tradeConfigSchema,
  },
  {
    method: "DELETE",
    path: "/api/admin/users/{id}/trade-config",
    access: "admin",
    summary: "Delete admin users trade config",
  },
  {
    method: "GET",
    path: "/api/admin/users/{id}/trade-setups",
    access: "admin",
    summary: "Read admin users trade setups",
  },
  {
    method: "POST",
    path: "/api/admin/users/{id}/trade-setups",
    access: "admin",
    summary: "Create admin users trade setups",
    body: strategyBodySchema,
  },
  { method: "GET", path: "/api/admin/users", access: "admin", summary: "Read admin users", query: userListQuerySchema },
  {
    method: "PUT",
    path: "/api/admin/wallets/{id}",
    access: "admin",
    summary: "Replace admin wallets (one)",
    body: walletSchema,
  },
  { method: "GET", path: "/api/admin/wallets", access: "admin", summary: "Read admin wallets" },
  { method: "POST", path: "/api/admin/wallets", access: "admin", summary: "Create admin wallets", body: walletSchema },
  {
    method: "POST",
    path: "/api/admin/withdrawals/{id}/reject",
    access: "admin",
    summary: "Reject (admin withdrawals)",
    body: rejectWithdrawalSchema,
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/admin/withdrawals/{id}/send",
    access: "admin",
    summary: "Send (admin withdrawals)",
    body: sendWithdrawalSchema,
    idempotency: "optional",
  },
  {
    method: "GET",
    path: "/api/admin/withdrawals",
    access: "admin",
    summary: "Read admin withdrawals",
    query: queueQuerySchema,
  },
  {
    method: "PUT",
    path: "/api/settings/config",
    access: "admin",
    summary: "Replace settings config",
    body: settingsPatchSchema,
  },
];
