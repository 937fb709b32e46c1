import type { Metadata } from "next";
import Link from "next/link";
import { Amount } from "@/components/amount";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { listAssets } from "@/lib/ledger/assets";
import { coverage, coverageShown, coverageText, listReserves, reserveViews } from "@/lib/proof/reserves";
import { chainReservesOf, chainReserveView } from "@/lib/proof/chain-reserves";
import { ChainReserves } from "@/components/proof/chain-reserves";
import { latestSnapshot, snapshotView } from "@/lib/proof/snapshots";
import { ReserveForm } from "./reserve-form";
import { TakeSnapshot } from "./take-snapshot";
import { Time } from "@/components/time";

export const metadata: Metadata = { title: "Proof of liabilities and reserves" };

export default async function AdminProofPage() {
  await requireAdmin();
  const db = await getDb();
  const [latest, reserveRows, reserves, assets] = await Promise.all([
    latestSnapshot(db),
    listReserves(db),
    reserveViews(db),
    listAssets(db),
  ]);
  const snapshot = latest ? snapshotView(latest) : null;
  const onChain = latest ? await chainReservesOf(db, latest.id) : [];
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">Proof of liabilities and reserves</h1>
      <p className="max-w-3xl text-sm text-muted">
        A snapshot of what every user is owed is published each UTC day on the public{" "}
        <Link
          href="/proof-of-reserves"
          className="text-gold underline decoration-gold/40 underline-offset-2 hover:text-gold-soft"
        >
          proof of reserves
        </Link>{" "}
        page. On a followed chain, each snapshot reads the custody and deposit addresses&apos; balances itself at one
        block. The reserves below are what you declare Aurum holds off chain (allocated bullion): users see them beside
        the totals, labelled declared, with when each was checked. Every change is audited.
      </p>
      <section className="card space-y-3" aria-labelledby="latest-heading">
        <h2 id="latest-heading" className="font-semibold">
          Latest snapshot
        </h2>
        {snapshot ? (
          <>
            <p className="text-sm text-zinc-300">
              <Time at={snapshot.takenAt} /> · {snapshot.trigger === "daily" ? "daily" : "taken by an admin"} ·{" "}
              {snapshot.accountCount.toLocaleString("en-US")} {snapshot.accountCount === 1 ? "account" : "accounts"}
            </p>
            <p className="break-all font-mono text-xs text-gold-soft">{snapshot.rootHash}</p>
            <ul className="space-y-1 text-sm">
              {coverage(latest!, reserveRows, onChain)
                .filter(coverageShown)
                .map((c) => (
                  <li key={c.asset} className="flex flex-wrap justify-between gap-x-4">
                    <span>{coverageText(c)}</span>
                    <span className="text-muted">
                      owed <Amount value={c.liabilities} asset={c.asset} exact />
                    </span>
                  </li>
                ))}
            </ul>
            <ChainReserves readings={onChain.map((r) => chainReserveView(r, latest!))} />
          </>
        ) : (
          <p className="text-sm text-muted">
            No snapshot yet: the daily job takes the first at the start of the next UTC day, or take one now.
          </p>
        )}
        <TakeSnapshot />
      </section>
      <h2 className="text-lg font-semibold">Declared reserves</h2>
      {reserves.length === 0 && (
        <p className="card text-muted">
          No reserves declared yet: add one below, and the public page compares it with what is owed.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {reserves.map((r) => (
          <ReserveForm key={r.id} reserve={r} assets={assets.map((a) => a.code)} />
        ))}
        <ReserveForm reserve={null} assets={assets.map((a) => a.code)} />
      </div>
    </div>
  );
}
