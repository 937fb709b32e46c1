import { shown, type Change } from "../rule";

type WalletFacts = Record<
  "address" | "memo" | "deposits" | "withdrawals" | "minDeposit" | "withdrawFee" | "minWithdraw",
  string
>;

interface WalletValues {
  address: string;
  memo: string | null;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  minDeposit: bigint;
  withdrawFee: bigint;
  minWithdraw: bigint;
}

function walletFacts(w: WalletValues, decimals: number): WalletFacts {
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

const FACTS = Object.keys(WALLET_LABELS) as (keyof WalletFacts)[];

/** The lines a checker reads for a wallet going from `before` (null: a new one) to `after`. */
export function walletChanges(before: WalletValues | null, after: WalletValues, decimals: number): Change[] {
  const was = before ? walletFacts(before, decimals) : null;
  const will = walletFacts(after, decimals);
  return FACTS.filter((k) => !was || was[k] !== will[k]).map((k) => ({
    label: WALLET_LABELS[k],
    before: was ? was[k] : null,
    after: will[k],
  }));
}
