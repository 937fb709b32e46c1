import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { MAX_PROOF_BYTES } from "@/lib/funding/deposits";
import { TX_HASH_HINT } from "@/lib/funding/networks";
import { availableNetworks } from "@/lib/funding/wallets";
import { ProofForm } from "./proof-form";
import { assetName } from "@/lib/core/format";

export const metadata: Metadata = { title: "Deposit proof" };

export default async function DepositProofPage({ params }: { params: Promise<{ currency: string; network: string }> }) {
  await requireUser();
  const { currency, network } = await params;
  const offered = (await availableNetworks(await getDb())).find((c) => c.currency === currency.toUpperCase());
  const option = offered?.networks.find((n) => n.network === network && n.deposit);
  if (!offered || !option?.deposit) notFound();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Confirm your {assetName(offered.currency)} deposit</h1>
      <p className="text-sm text-muted">
        Tell us what you sent on {option.networkName}. Nothing is credited until our team has checked the transaction;
        you are notified when it is.
      </p>
      <ProofForm
        currency={offered.currency}
        network={option.network}
        minDeposit={option.deposit.minDeposit}
        txHashHint={TX_HASH_HINT[option.network]}
        maxProofMb={MAX_PROOF_BYTES / 1024 / 1024}
      />
    </div>
  );
}
