import type { AssetBalance } from "@/lib/ledger/balances";

/** The spot balances the trade screen spends from. */
export const availableOf = (balances: Pick<AssetBalance, "asset" | "available">[]) => ({
  USDT: balances.find((b) => b.asset === "USDT")?.available ?? "0.000000",
  XAUT: balances.find((b) => b.asset === "XAUT")?.available ?? "0.000000",
});
