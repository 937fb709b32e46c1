import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { Amount } from "@/components/amount";
import { Bullets, Callout, FigureTable, Figures, InfoPage, InfoSection, textLink } from "@/components/info-page";
import { Pager } from "@/components/pager";
import { CheckProofFile, VerifyMyBalance } from "@/components/proof/proof-checker";
import { getDb } from "@/db/client";
import { currentAuth } from "@/lib/auth/page-session";
import { isUuid } from "@/lib/core/ids";
import { paginationSchema, plainParams } from "@/lib/core/query";
import { coverage, coverageShown, coverageText, listReserves, reserveViews } from "@/lib/proof/reserves";
import { chainReservesOf, chainReserveView } from "@/lib/proof/chain-reserves";
import { ChainReserves } from "@/components/proof/chain-reserves";
import { latestSnapshot, listSnapshots, snapshotById, snapshotView } from "@/lib/proof/snapshots";
import { Time } from "@/components/time";
import { fourEyesSince } from "@/lib/approvals/policy";
import { assetFullName, money } from "@/lib/core/format";
import { getSettings } from "@/lib/settings";

/**
 * Named for what it shows: what Aurum owes (the liabilities) always, and reserves only once some are
 * declared. The route keeps the name people link to.
 */
const titleOf = (reservesDeclared: boolean) =>
  reservesDeclared ? "Proof of liabilities and reserves" : "Proof of liabilities";

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  return { title: titleOf((await reserveViews(await getDb())).length > 0) };
}

const HISTORY_PAGE_SIZE = 10;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProofOfReservesPage({ searchParams }: Props) {
  await connection();
  const params = plainParams(await searchParams);
  const db = await getDb();
  const parsed = paginationSchema.safeParse({ page: params.page });
  const page = parsed.success ? parsed.data.page : 1;
  const chosen =
    params.snapshot && isUuid(params.snapshot) ? await snapshotById(db, params.snapshot.toLowerCase()) : null;
  const [auth, latest, history, reserveRows, reserves, pairedSince, settings] = await Promise.all([
    currentAuth(),
    latestSnapshot(db),
    listSnapshots(db, { page, pageSize: HISTORY_PAGE_SIZE }),
    listReserves(db),
    reserveViews(db),
    fourEyesSince(db),
    getSettings(db),
  ]);
  const row = chosen ?? latest;
  const snapshot = row ? snapshotView(row) : null;
  const onChain = row ? await chainReservesOf(db, row.id) : [];
  // Assets nobody holds, nobody declared and no chain carries say nothing: left out.
  const covered = row ? coverage(row, reserveRows, onChain).filter(coverageShown) : [];

  return (
    <InfoPage
      path="/proof-of-reserves"
      title={titleOf(reserves.length > 0)}
      lead={
        <p>
          Every day Aurum publishes what it owes its users in total, as one fingerprint (a Merkle root) that includes
          every account. You can check in under a minute that your own balances are counted in it, here or with an
          independent script.
        </p>
      }
    >
      {snapshot ? (
        <InfoSection title={snapshot.id === latest?.id ? "Latest snapshot" : "Snapshot"}>
          <Figures
            title={
              <>
                Taken <Time at={snapshot.takenAt} />
              </>
            }
            items={[
              { id: "accounts", label: "Accounts included", value: snapshot.accountCount.toLocaleString("en-US") },
              ...snapshot.assets.map((a) => ({
                id: `total-${a.code}`,
                label: `Owed to users in ${assetFullName(a.code)}`,
                value: <Amount value={snapshot.totals[a.code]!} asset={a.code} />,
              })),
            ]}
          >
            Everything users hold at Aurum in each asset: available, on hold, savings, vault and strategy budgets.
          </Figures>
          <div className="card space-y-1">
            <h3 className="text-sm font-semibold uppercase tracking-widest text-muted">Root hash (SHA-256)</h3>
            <p className="break-all font-mono text-sm text-gold-soft" data-testid="root-hash">
              {snapshot.rootHash}
            </p>
            {snapshot.auditHead && (
              <p className="break-all text-xs text-muted">
                The administrators&apos; audit log at that moment (entry:hash):{" "}
                <span className="font-mono" data-testid="audit-head">
                  {snapshot.auditHead}
                </span>
                . The log is hash-chained: if it is ever rewritten, this entry no longer matches.
              </p>
            )}
          </div>
        </InfoSection>
      ) : (
        <Callout tone="note" title="No snapshot yet">
          <p>
            The first snapshot is taken automatically at the start of the next UTC day. This page then shows its root
            and totals.
          </p>
        </Callout>
      )}

      {snapshot && (
        <InfoSection title="Verify my balance">
          <p>
            Your browser fetches your proof (your balances, a secret random number for this snapshot, and the path of
            sums and hashes up to the root) and recomputes every hash itself.
          </p>
          <div className="card">
            <VerifyMyBalance snapshotId={snapshot.id} rootHash={snapshot.rootHash} userId={auth?.user.id ?? null} />
          </div>
        </InfoSection>
      )}

      <InfoSection title="Who can move money">
        <p data-testid="four-eyes-since">
          {pairedSince ? (
            <>
              Two administrators since <Time at={pairedSince.toISOString()} date />: from then on, no administrator
              alone can credit, debit or send {money(settings.approvals.thresholdUsdt, "USDT")} or more for one user in
              a day, touch their own balance, change what Aurum pays or charges, or change who administers. A second
              administrator approves each of those, and the database refuses an approval by the one who asked.
            </>
          ) : (
            <>
              One administrator so far. Until a second is appointed, nothing that waits for a second administrator
              (credits, debits and withdrawals from {money(settings.approvals.thresholdUsdt, "USDT")}, changes to what
              Aurum pays or charges) can be approved at all.
            </>
          )}
        </p>
      </InfoSection>

      <InfoSection title="Reserves against what is owed">
        {covered.length > 0 && (
          <ul className="space-y-2" data-testid="coverage">
            {covered.map((c) => (
              <li key={c.asset} className="card text-sm">
                {coverageText(c)}
              </li>
            ))}
          </ul>
        )}
        {row && <ChainReserves readings={onChain.map((r) => chainReserveView(r, row))} />}
        {reserves.length > 0 ? (
          <FigureTable
            caption="Reserves declared by Aurum"
            columns={["Asset", "Custody address", "Checked", "Attestation", "Amount"]}
            textColumns={4}
            rows={reserves.map((r) => [
              assetFullName(r.asset),
              <span key="a" className="break-all font-mono text-xs">
                {r.custodyAddress}
              </span>,
              <Time key="c" at={r.checkedAt} />,
              r.attestationUrl ? (
                <a key="l" href={r.attestationUrl} className={textLink} rel="noopener noreferrer">
                  Report
                </a>
              ) : (
                "None"
              ),
              <Amount key="m" value={r.amount} asset={r.asset} />,
            ])}
          >
            Declared by Aurum&apos;s administrators, with when each address was last checked. Anyone can look these
            addresses up on their chain.
          </FigureTable>
        ) : (
          <p className="text-sm text-muted">No reserves have been declared yet.</p>
        )}
      </InfoSection>

      <InfoSection title="What this shows, and what it does not">
        <Bullets>
          <li>
            <strong>It shows</strong> that the total Aurum publishes includes your balances as Aurum recorded them, and
            that no account was counted below zero to make the total look smaller.
          </li>
          <li>
            <strong>It does not show</strong> that the reserves exist: they are Aurum&apos;s declaration, checked by
            whoever looks the addresses up or reads the attestation. It proves what Aurum says it owes, not what it
            holds.
          </li>
          <li>It only covers accounts whose owners check them: the more people verify, the stronger it gets.</li>
          <li>
            Your proof reveals no one&apos;s identity. It does show the balances of one anonymous neighbouring account
            and sums over groups of others.
          </li>
        </Bullets>
      </InfoSection>

      <InfoSection title="Check a proof file">
        <p>
          Choose a downloaded proof to check it against the root Aurum published for its snapshot. Or check it without
          this site:{" "}
          <a href="/proof-of-reserves/verifier" download="proof-verify.ts" className={textLink}>
            download the verifier
          </a>{" "}
          (one TypeScript file, the same <code className="font-mono text-gold-soft">scripts/proof-verify.ts</code> as in
          Aurum&apos;s source, needing only Node 20) and run{" "}
          <code className="font-mono text-gold-soft">npx tsx proof-verify.ts proof.json --root &lt;root hash&gt;</code>.
          The exact encoding is in <code className="font-mono text-gold-soft">docs/PROOF-OF-LIABILITIES.md</code>.
        </p>
        <div className="card">
          <CheckProofFile />
        </div>
      </InfoSection>

      <InfoSection title="History">
        {history.snapshots.length === 0 ? (
          <p className="text-sm text-muted">No snapshots yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-line rounded-2xl border border-line bg-panel" data-testid="snapshot-history">
              {history.snapshots.map(snapshotView).map((s) => (
                <li key={s.id} className="space-y-1 px-4 py-3 text-sm">
                  <div className="flex items-baseline justify-between gap-3">
                    <Link
                      href={`/proof-of-reserves?snapshot=${s.id}`}
                      className={textLink}
                      aria-current={s.id === snapshot?.id ? "true" : undefined}
                    >
                      <Time at={s.takenAt} />
                    </Link>
                    <span className="text-muted">
                      {s.accountCount === 1 ? "1 account" : `${s.accountCount.toLocaleString("en-US")} accounts`}
                    </span>
                  </div>
                  <p className="break-all font-mono text-xs text-muted">{s.rootHash}</p>
                  <p className="flex flex-wrap gap-x-4 text-xs">
                    {s.assets.map((a) => (
                      <Amount key={a.code} value={s.totals[a.code]!} asset={a.code} />
                    ))}
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={HISTORY_PAGE_SIZE}
              total={history.total}
              query={params.snapshot ? { snapshot: params.snapshot } : {}}
            />
          </>
        )}
      </InfoSection>
    </InfoPage>
  );
}
