/** Journal kinds as people read them. */
export const JOURNAL_LABELS: Record<string, string> = {
  adjustment: "Adjustment",
  deposit: "Deposit",
  withdrawal: "Withdrawal",
  trade: "Trade",
  fee: "Fee",
  saving: "Savings",
  interest: "Interest",
  storage: "Storage",
  referral: "Referral reward",
  strategy: "Strategy",
};

export const journalLabel = (kind: string) => JOURNAL_LABELS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);

export const ACCOUNT_LABELS = {
  spot: "Available",
  hold: "On hold",
  storage: "Vault",
  savings: "Savings",
  reserve: "Strategy reserve",
} as const;

/** The tabs of /record (Records): each groups the journal kinds of one activity. */
export const RECORD_TABS = [
  { id: "trades", label: "Trades", kinds: ["trade", "strategy"] },
  { id: "deposits", label: "Deposits", kinds: ["deposit"] },
  { id: "withdrawals", label: "Withdrawals", kinds: ["withdrawal"] },
  { id: "savings", label: "Savings", kinds: ["saving", "interest"] },
  { id: "storage", label: "Storage", kinds: ["storage"] },
  { id: "adjustments", label: "Adjustments", kinds: ["adjustment"] },
] as const;

/**
 * Where a journal's reference can be seen as what it is (an order, a strategy), for the records
 * screens; null where the entry itself says all there is. Raw ids are never shown.
 */
export function referenceLink(kind: string, reference: string | null): { href: string; label: string } | null {
  if (!reference) return null;
  if (kind === "trade") return { href: `/record?tab=trades#order-${reference}`, label: "View the order" };
  if (kind === "strategy") return { href: "/ai-trading", label: "View the strategy" };
  return null;
}
