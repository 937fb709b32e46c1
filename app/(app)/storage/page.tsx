import type { Metadata } from "next";
import Link from "next/link";
import { Amount } from "@/components/amount";
import { textLink } from "@/components/info-page";
import { percentText } from "@/lib/core/format";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { userBalances } from "@/lib/ledger/balances";
import { storageOverview } from "@/lib/storage/vault";
import { VaultForm } from "./vault-form";
import { RefreshOnBalance } from "@/components/refresh-on-balance";
import { Time } from "@/components/time";

export const metadata: Metadata = { title: "XAUt Storage" };

export default async function StoragePage() {
  const { user } = await requireUser();
  const db = await getDb();
  const [vault, balances] = await Promise.all([storageOverview(db, user.id), userBalances(db, user.id)]);
  const balance = balances.find((b) => b.asset === vault.asset);
  const available = balance?.available ?? "0";
  const decimals = balance?.decimals ?? 6;
  return (
    <div className="space-y-4">
      <RefreshOnBalance />
      <h1 className="text-xl font-semibold">XAUt Storage</h1>
      <section className="card bg-gradient-to-br from-gold/20 via-panel to-panel" aria-label="Your vault">
        <p className="text-sm text-muted">In your vault</p>
        <p className="mt-1 text-3xl font-semibold text-gold-soft" data-testid="vault-stored">
          <Amount value={vault.stored} asset="XAUt" />
        </p>
        <p className="mt-1 text-sm text-muted">
          {vault.valueUsdt === null ? (
            "No price yet"
          ) : (
            <>
              ≈ <Amount value={vault.valueUsdt} asset="USDT" /> at the bid
            </>
          )}
        </p>
        <p className="mt-3 text-sm">
          {vault.annualRateBps > 0
            ? `Stored XAUt earns ${percentText(vault.annualRateBps)} a year, paid daily in XAUt into the vault.`
            : "Storage is free and earns nothing at the moment."}
        </p>
        <p className="mt-1 text-xs text-muted">
          Stored XAUt cannot be traded or withdrawn until you retrieve it; retrieving is instant.
        </p>
        <Link href="/store-xaut" className={`mt-3 inline-block text-sm ${textLink}`}>
          How storage works
        </Link>
      </section>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <VaultForm direction="store" max={available} decimals={decimals} />
        <VaultForm direction="retrieve" max={vault.stored} decimals={decimals} />
      </div>
      <section className="card" aria-labelledby="vault-history">
        <h2 id="vault-history" className="mb-2 font-semibold">
          History
        </h2>
        {vault.history.length === 0 ? (
          <p className="text-sm text-muted">Nothing stored yet.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="vault-history">
            {vault.history.map((h) => (
              <li key={h.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  <span className="capitalize">{h.kind}</span>
                  <Time at={h.createdAt} className="block text-xs text-muted" />
                </span>
                <Amount value={h.amount} asset="XAUt" signed />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
