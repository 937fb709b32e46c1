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
    summary: "Approve a proposal (second administrator)",
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/admin/approvals/{id}/reject",
    access: "admin",
    summary: "Reject a proposal",
    body: rejectProposalSchema,
  },
  {
    method: "GET",
    path: "/api/admin/approvals",
    access: "admin",
    summary: "Proposals waiting for a second administrator",
    query: proposalQuerySchema,
  },
  { method: "GET", path: "/api/admin/audit/chain", access: "admin", summary: "The audit chain's state" },
  { method: "GET", path: "/api/admin/audit", access: "admin", summary: "The audit trail", query: auditQuerySchema },
  {
    method: "POST",
    path: "/api/admin/deposits/{id}/approve",
    access: "admin",
    summary: "Confirm a deposit",
    body: approveDepositSchema,
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/admin/deposits/{id}/reject",
    access: "admin",
    summary: "Reject a deposit",
    body: rejectDepositSchema,
    idempotency: "optional",
  },
  {
    method: "GET",
    path: "/api/admin/deposits",
    access: "admin",
    summary: "Deposits to review",
    query: queueQuerySchema,
  },
  {
    method: "POST",
    path: "/api/admin/notifications",
    access: "admin",
    summary: "Send a notification",
    body: sendNotificationSchema,
  },
  {
    method: "GET",
    path: "/api/admin/outbox",
    access: "admin",
    summary: "Mail sent and waiting",
    query: paginationSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/proof/reserves/{id}",
    access: "admin",
    summary: "Change a declared reserve",
    body: reserveSchema,
  },
  {
    method: "DELETE",
    path: "/api/admin/proof/reserves/{id}",
    access: "admin",
    summary: "Remove a declared reserve",
  },
  { method: "GET", path: "/api/admin/proof/reserves", access: "admin", summary: "Declared reserves" },
  {
    method: "POST",
    path: "/api/admin/proof/reserves",
    access: "admin",
    summary: "Declare a reserve",
    body: reserveSchema,
  },
  {
    method: "POST",
    path: "/api/admin/proof/snapshots/force",
    access: "admin",
    summary: "Take a snapshot despite a mismatch (second administrator)",
  },
  {
    method: "POST",
    path: "/api/admin/proof/snapshots",
    access: "admin",
    summary: "Take a proof-of-liabilities snapshot now",
  },
  {
    method: "PUT",
    path: "/api/admin/saving-plans/{id}",
    access: "admin",
    summary: "Change a saving plan",
    body: planSchema,
  },
  { method: "GET", path: "/api/admin/saving-plans", access: "admin", summary: "Saving plans" },
  {
    method: "POST",
    path: "/api/admin/saving-plans",
    access: "admin",
    summary: "Create a saving plan",
    body: planSchema,
  },
  {
    method: "POST",
    path: "/api/admin/support/{id}/messages",
    access: "admin",
    summary: "Reply or add a note in a conversation",
    body: supportMessageSchema,
    idempotency: "optional",
  },
  { method: "GET", path: "/api/admin/support/{id}", access: "admin", summary: "A support conversation with its notes" },
  {
    method: "PUT",
    path: "/api/admin/support/{id}",
    access: "admin",
    summary: "Change a conversation's status or assignee",
    body: updateConversationSchema,
    idempotency: "optional",
  },
  {
    method: "GET",
    path: "/api/admin/support",
    access: "admin",
    summary: "Support's queue",
    query: supportQueueQuerySchema,
  },
  {
    method: "PUT",
    path: "/api/admin/trade-setups/{id}",
    access: "admin",
    summary: "Change or pause a trade setup",
    body: setupChangeSchema,
  },
  {
    method: "DELETE",
    path: "/api/admin/trade-setups/{id}",
    access: "admin",
    summary: "Withdraw a trade setup",
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
    summary: "Credit or debit a user's balance",
    body: manageBalanceSchema,
    idempotency: "optional",
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/reset-password",
    access: "admin",
    summary: "Set a user's password",
    body: resetPasswordSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/reset-withdraw-password",
    access: "admin",
    summary: "Set a user's withdrawal password",
    body: resetWithdrawPasswordSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/role",
    access: "admin",
    summary: "Change a user's role",
    body: roleSchema,
  },
  {
    method: "GET",
    path: "/api/admin/users/{id}",
    access: "admin",
    summary: "A user with balances, entries and sessions",
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/status",
    access: "admin",
    summary: "Enable or disable a user",
    body: statusSchema,
  },
  {
    method: "GET",
    path: "/api/admin/users/{id}/trade-config",
    access: "admin",
    summary: "A user's trading overrides",
  },
  {
    method: "POST",
    path: "/api/admin/users/{id}/trade-config",
    access: "admin",
    summary: "Create a user's trading overrides",
    body: tradeConfigSchema,
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}/trade-config",
    access: "admin",
    summary: "Create or change a user's trading overrides",
    body: tradeConfigSchema,
  },
  {
    method: "DELETE",
    path: "/api/admin/users/{id}/trade-config",
    access: "admin",
    summary: "Return a user to the trading defaults",
  },
  {
    method: "GET",
    path: "/api/admin/users/{id}/trade-setups",
    access: "admin",
    summary: "A user's strategies and setups",
  },
  {
    method: "POST",
    path: "/api/admin/users/{id}/trade-setups",
    access: "admin",
    summary: "Propose a strategy to a user",
    body: strategyBodySchema,
  },
  { method: "GET", path: "/api/admin/users", access: "admin", summary: "Search users", query: userListQuerySchema },
  {
    method: "PUT",
    path: "/api/admin/wallets/{id}",
    access: "admin",
    summary: "Change a deposit wallet",
    body: walletSchema,
  },
  { method: "GET", path: "/api/admin/wallets", access: "admin", summary: "Deposit wallets" },
  { method: "POST", path: "/api/admin/wallets", access: "admin", summary: "Add a deposit wallet", body: walletSchema },
  {
    method: "POST",
    path: "/api/admin/withdrawals/{id}/reject",
    access: "admin",
    summary: "Reject a withdrawal",
    body: rejectWithdrawalSchema,
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/admin/withdrawals/{id}/send",
    access: "admin",
    summary: "Mark a withdrawal sent",
    body: sendWithdrawalSchema,
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/admin/withdrawals/{id}/resend",
    access: "admin",
    summary: "Send a flagged withdrawal again",
    body: sendWithdrawalSchema,
    idempotency: "optional",
  },
  {
    method: "POST",
    path: "/api/admin/withdrawals/{id}/return",
    access: "admin",
    summary: "Return a flagged withdrawal to its user",
    body: rejectWithdrawalSchema,
    idempotency: "optional",
  },
  {
    method: "GET",
    path: "/api/admin/withdrawals",
    access: "admin",
    summary: "Withdrawals to review",
    query: queueQuerySchema,
  },
  {
    method: "PUT",
    path: "/api/settings/config",
    access: "admin",
    summary: "Change the site's settings",
    body: settingsPatchSchema,
  },
];
