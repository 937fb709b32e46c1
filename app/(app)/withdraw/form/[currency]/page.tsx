import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { hasTwoFactor } from "@/lib/auth/two-factor/verify";
import { requireUser } from "@/lib/auth/page-session";
import { availableNetworks } from "@/lib/funding/wallets";
import { withdrawPasswordState } from "@/lib/auth/withdraw-password";
import { userBalances } from "@/lib/ledger/balances";
import { WithdrawForm } from "./withdraw-form";
import { assetName } from "@/lib/core/format";

export const metadata: Metadata = { title: "Withdraw" };

export default async function WithdrawFormPage({ params }: { params: Promise<{ currency: string }> }) {
  const { user } = await requireUser();
  // Without a withdrawal password there is nothing to confirm with: set it first.
  if (!withdrawPasswordState(user).set) redirect("/withdraw");
  const { currency } = await params;
  const db = await getDb();
  const [currencies, balances, twoFactor] = await Promise.all([
    availableNetworks(db),
    userBalances(db, user.id),
    hasTwoFactor(db, user.id),
  ]);
  const offered = currencies.find((c) => c.currency === currency.toUpperCase());
  const networks = (offered?.networks ?? [])
    .filter((n) => n.withdraw)
    .map((n) => ({
      network: n.network,
      networkName: n.networkName,
      fee: n.withdraw!.fee,
      minWithdraw: n.withdraw!.minWithdraw,
    }));
  if (!offered || networks.length === 0) notFound();
  const balance = balances.find((b) => b.asset === offered.currency);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Withdraw {assetName(offered.currency)}</h1>
      <WithdrawForm
        currency={offered.currency}
        decimals={balance?.decimals ?? 6}
        available={balance?.available ?? "0"}
        networks={networks}
        twoFactor={twoFactor}
      />
    </div>
  );
}
