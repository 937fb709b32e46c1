import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { deposits, users, wallets, withdrawals } from "@/db/schema";
import { adjustBalance, manageBalanceSchema } from "@/lib/admin/adjust-balance";
import { ADMIN_SET_LOCK, roleSchema, setRole, setStatus, statusSchema } from "@/lib/admin/user-actions";
import { approveDeposit, approveDepositSchema } from "@/lib/funding/decide-deposit";
import { assertTxHash, sendWithdrawal, sendWithdrawalSchema } from "@/lib/funding/decide-withdrawal";
import { checkedWallet, createWallet, updateWallet, walletSchema } from "@/lib/funding/wallets";
import { conflict, notFound } from "@/lib/http/errors";
import { assetName, exact } from "@/lib/format";
import { formatAmount, toUnits } from "@/lib/ledger/amount";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { userBalances } from "@/lib/ledger/balances";
import { getSettings, updateSettings } from "@/lib/settings";
import { settingsPatchSchema } from "@/lib/settings/schema";
import { activeAdmins, worthApproval } from "./policy";

export interface Actor {
  id: string;
  ip: string | null;
}

/** One line of what a proposal would change, as the checker reads it. */
export interface Change {
  label: string;
  before: string | null;
  after: string | null;
}

/** Why an action needs a second administrator, and what it would do. */
export interface Review {
  summary: string;
  changes: Change[];
  userId?: string | null;
  reason?: string | null;
}

interface Rule<P> {
  /** The proposal's payload, checked again when it is approved. */
  payload: z.ZodType<P>;
  /**
   * What the action would do when it needs a second administrator, or null when it may act at
   * once. Input that could never succeed is refused here (the action's own 4xx), not proposed.
   */
  review(tx: Db, payload: P, actor: Actor): Promise<Review | null>;
  /** The action itself, by the approving administrator; what it answers is kept with the proposal. */
  run(tx: Db, payload: P, actor: Actor): Promise<Record<string, unknown>>;
}

const uuid = z.uuid();

/** An amount as the checker reads it: exact, grouped ("5,000.000000"). */
const shown = (units: bigint, decimals: number) => exact(formatAmount(units, decimals));

const balancePayload = manageBalanceSchema.extend({ userId: uuid });
const balanceAdjust: Rule<z.infer<typeof balancePayload>> = {
  payload: balancePayload,
  async review(tx, p) {
    const [user] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, p.userId));
    if (!user) throw notFound("User not found");
    const asset = await findAsset(tx, p.asset);
    const units = amountIn(asset, p.amount);
    if (!(await worthApproval(tx, asset, units))) return null;
    const available = (await userBalances(tx, user.id)).find((b) => b.asset === asset.code)?.available ?? "0";
    const after = shown(toUnits(available, asset.decimals) + (p.operation === "credit" ? units : -units), asset.decimals);
    return {
      summary: `${p.operation === "credit" ? "Credit" : "Debit"} ${shown(units, asset.decimals)} ${assetName(asset.code)} ${p.operation === "credit" ? "to" : "from"} ${user.username}`,
      changes: [{ label: `${user.username}'s available ${assetName(asset.code)}`, before: exact(available), after }],
      userId: user.id,
      reason: p.reason,
    };
  },
  run: (tx, p, actor) => adjustBalance(tx, { ...p, actorId: actor.id, ip: actor.ip }),
};

const depositPayload = approveDepositSchema.extend({ depositId: uuid });
const depositApprove: Rule<z.infer<typeof depositPayload>> = {
  payload: depositPayload,
  async review(tx, p) {
    if (p.amount === undefined) return null;
    const [d] = await tx.select({ deposit: deposits, username: users.username }).from(deposits).innerJoin(users, eq(users.id, deposits.userId)).where(eq(deposits.id, p.depositId));
    if (!d) throw notFound("Deposit not found");
    if (d.deposit.status !== "pending") throw conflict(`This deposit was already ${d.deposit.status}`, "ALREADY_DECIDED");
    const asset = await findAsset(tx, d.deposit.currency);
    const corrected = amountIn(asset, p.amount);
    // Crediting less than claimed, or exactly it, cannot create money the chain did not bring.
    if (corrected <= d.deposit.amount) return null;
    return {
      summary: `Credit ${d.username}'s ${assetName(asset.code)} deposit above the amount they declared`,
      changes: [{ label: `Credited ${assetName(asset.code)}`, before: shown(d.deposit.amount, asset.decimals), after: shown(corrected, asset.decimals) }],
      userId: d.deposit.userId,
      reason: p.reason ?? null,
    };
  },
  async run(tx, { depositId, ...input }, actor) {
    const d = await approveDeposit(tx, depositId, input, actor);
    return { depositId, credited: formatAmount(d.creditedAmount ?? d.amount, d.decimals), asset: d.currency };
  },
};

const withdrawalPayload = sendWithdrawalSchema.extend({ withdrawalId: uuid });
const withdrawalSend: Rule<z.infer<typeof withdrawalPayload>> = {
  payload: withdrawalPayload,
  async review(tx, p) {
    await assertTxHash(tx, p.withdrawalId, p.txHash);
    const [w] = await tx.select({ w: withdrawals, username: users.username }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(eq(withdrawals.id, p.withdrawalId));
    if (!w) throw notFound("Withdrawal not found");
    if (w.w.status !== "pending") throw conflict(`This withdrawal was already ${w.w.status}`, "ALREADY_DECIDED");
    const asset = await findAsset(tx, w.w.currency);
    if (!(await worthApproval(tx, asset, w.w.amount))) return null;
    return {
      summary: `Mark ${w.username}'s withdrawal of ${shown(w.w.amount, asset.decimals)} ${assetName(asset.code)} sent`,
      changes: [
        { label: "Status", before: "pending", after: "sent" },
        { label: `To (${w.w.network})`, before: null, after: w.w.address },
        { label: "Transaction", before: null, after: p.txHash },
      ],
      userId: w.w.userId,
    };
  },
  async run(tx, { withdrawalId, txHash }, actor) {
    const w = await sendWithdrawal(tx, withdrawalId, { txHash }, actor);
    return { withdrawalId, sent: formatAmount(w.amount, w.decimals), asset: w.currency, txHash };
  },
};

type WalletFacts = Record<"address" | "memo" | "deposits" | "withdrawals" | "minDeposit" | "withdrawFee" | "minWithdraw", string>;

function walletFacts(w: { address: string; memo: string | null; depositEnabled: boolean; withdrawEnabled: boolean; minDeposit: bigint; withdrawFee: bigint; minWithdraw: bigint }, decimals: number): WalletFacts {
  const on = (enabled: boolean) => (enabled ? "enabled" : "disabled");
  return {
    address: w.address,
    memo: w.memo ?? "none",
    deposits: on(w.depositEnabled),
    withdrawals: on(w.withdrawEnabled),
    minDeposit: shown(w.minDeposit, decimals),
    withdrawFee: shown(w.withdrawFee, decimals),
    minWithdraw: shown(w.minWithdraw, decimals),
  };
}

const WALLET_LABELS: Record<keyof WalletFacts, string> = {
  address: "Deposit address",
  memo: "Memo",
  deposits: "Deposits",
  withdrawals: "Withdrawals",
  minDeposit: "Minimum deposit",
  withdrawFee: "Withdrawal fee",
  minWithdraw: "Minimum withdrawal",
};

const walletChanges = (before: WalletFacts | null, after: WalletFacts): Change[] =>
  (Object.keys(WALLET_LABELS) as (keyof WalletFacts)[])
    .filter((k) => !before || before[k] !== after[k])
    .map((k) => ({ label: WALLET_LABELS[k], before: before ? before[k] : null, after: after[k] }));

const walletCreate: Rule<z.infer<typeof walletSchema>> = {
  payload: walletSchema,
  async review(tx, p) {
    const values = await checkedWallet(tx, p);
    const [existing] = await tx.select({ id: wallets.id }).from(wallets).where(and(eq(wallets.currency, values.currency), eq(wallets.network, values.network)));
    if (existing) throw conflict(`There is already a ${values.currency} wallet on ${values.network}: edit it instead`, "WALLET_EXISTS");
    // Every new wallet is a place users will send money to: always a second pair of eyes.
    return { summary: `Add a ${values.currency} wallet on ${values.network}`, changes: walletChanges(null, walletFacts(values, values.decimals)) };
  },
  async run(tx, p, actor) {
    const w = await createWallet(tx, p, actor);
    return { walletId: w.id, currency: w.currency, network: w.network };
  },
};

const walletUpdatePayload = walletSchema.extend({ walletId: uuid });
const walletUpdate: Rule<z.infer<typeof walletUpdatePayload>> = {
  payload: walletUpdatePayload,
  async review(tx, { walletId, ...p }) {
    const values = await checkedWallet(tx, p);
    const [before] = await tx.select().from(wallets).where(eq(wallets.id, walletId));
    if (!before) throw notFound("Wallet not found");
    // Where money is sent, and switching a wallet on, redirect money; fees, minimums and switching off do not.
    const redirects =
      before.address !== values.address ||
      before.memo !== values.memo ||
      (!before.depositEnabled && values.depositEnabled) ||
      (!before.withdrawEnabled && values.withdrawEnabled);
    if (!redirects) return null;
    return {
      summary: `Change the ${before.currency} wallet on ${before.network}`,
      changes: walletChanges(walletFacts(before, values.decimals), walletFacts(values, values.decimals)),
    };
  },
  async run(tx, { walletId, ...p }, actor) {
    const w = await updateWallet(tx, walletId, p, actor);
    return { walletId: w.id, currency: w.currency, network: w.network };
  },
};

/**
 * Role and status changes of administrators need a second one once two are active; the first
 * administrator appoints the second alone. Taken under the lock role and status changes hold, so
 * a lone administrator cannot appoint two at once.
 */
async function adminsNeedingApproval(tx: Db): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
  return (await activeAdmins(tx)) >= 2;
}

async function targetUser(tx: Db, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  return user;
}

const rolePayload = roleSchema.extend({ userId: uuid });
const userRole: Rule<z.infer<typeof rolePayload>> = {
  payload: rolePayload,
  async review(tx, p) {
    const user = await targetUser(tx, p.userId);
    if (user.role === p.role || !(await adminsNeedingApproval(tx))) return null;
    return {
      summary: p.role === "admin" ? `Make ${user.username} an administrator` : `Remove ${user.username}'s administrator role`,
      changes: [{ label: "Role", before: user.role, after: p.role }],
      userId: user.id,
    };
  },
  async run(tx, { userId, role }, actor) {
    const user = await setRole(tx, userId, role, actor);
    return { userId: user.id, role: user.role };
  },
};

// Disabling an administrator takes their role away in practice: without this, one of two could
// disable the other and then appoint a second of their own choosing alone.
const statusPayload = statusSchema.extend({ userId: uuid });
const userStatus: Rule<z.infer<typeof statusPayload>> = {
  payload: statusPayload,
  async review(tx, p) {
    const user = await targetUser(tx, p.userId);
    if (user.role !== "admin" || user.status !== "active" || p.status !== "disabled" || !(await adminsNeedingApproval(tx))) return null;
    return { summary: `Disable the administrator ${user.username}`, changes: [{ label: "Status", before: user.status, after: p.status }], userId: user.id };
  },
  async run(tx, { userId, status }, actor) {
    const user = await setStatus(tx, userId, status, actor);
    return { userId: user.id, status: user.status };
  },
};

const settingsUpdate: Rule<z.infer<typeof settingsPatchSchema>> = {
  payload: settingsPatchSchema,
  async review(tx, patch) {
    if (!patch.approvals) return null;
    const before = (await getSettings(tx)).approvals;
    const after = { ...before, ...patch.approvals } as Record<string, unknown>;
    const changed = Object.keys(after).filter((k) => String(after[k]) !== String((before as Record<string, unknown>)[k]));
    if (changed.length === 0) return null;
    return {
      summary: "Change the approval rules",
      changes: changed.map((k) => ({ label: `approvals.${k}`, before: String((before as Record<string, unknown>)[k] ?? "none"), after: String(after[k]) })),
    };
  },
  async run(tx, patch, actor) {
    const saved = await updateSettings(tx, patch, actor);
    return { approvals: saved.approvals };
  },
};

/** Every action that moves or redirects money, by the name its proposals carry. */
export const RULES = {
  "balance.adjust": balanceAdjust,
  "deposit.approve": depositApprove,
  "withdrawal.send": withdrawalSend,
  "wallet.create": walletCreate,
  "wallet.update": walletUpdate,
  "user.role": userRole,
  "user.status": userStatus,
  "settings.update": settingsUpdate,
} as const;

export type ProposalKind = keyof typeof RULES;
export type PayloadOf<K extends ProposalKind> = (typeof RULES)[K] extends Rule<infer P> ? P : never;

export const KIND_LABELS: Record<ProposalKind, string> = {
  "balance.adjust": "Balance change",
  "deposit.approve": "Deposit credited above the claim",
  "withdrawal.send": "Withdrawal sent",
  "wallet.create": "New wallet",
  "wallet.update": "Wallet change",
  "user.role": "Administrator role",
  "user.status": "Administrator disabled",
  "settings.update": "Approval rules",
};
