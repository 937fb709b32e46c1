import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { SUPPORTED } from "@/lib/funding/networks";
import { walletView } from "@/lib/funding/views";
import { decimalsByAsset, listWallets } from "@/lib/funding/wallets";
import { WalletForm } from "./wallet-form";

export const metadata: Metadata = { title: "Wallets" };

export default async function AdminWalletsPage() {
  await requireAdmin();
  const db = await getDb();
  const [rows, decimalsOf] = await Promise.all([listWallets(db), decimalsByAsset(db)]);
  const wallets = rows.map((w) => walletView(w, decimalsOf(w.currency)));
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">Wallets</h1>
      <p className="max-w-3xl text-sm text-muted">
        One deposit address per currency and network, with its limits and withdrawal fee. Users see only the networks
        enabled here; an address is checked for its network (checksum included) before it is saved. Every change is
        audited.
      </p>
      {wallets.length === 0 && (
        <p className="card text-muted">No wallets yet: add one below, and users can start depositing.</p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {wallets.map((w) => (
          <WalletForm key={w.id} wallet={w} supported={SUPPORTED} />
        ))}
        <WalletForm wallet={null} supported={SUPPORTED} />
      </div>
    </div>
  );
}
