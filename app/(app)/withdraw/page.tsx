import type { Metadata } from "next";
import { Amount } from "@/components/amount";
import { CancelWithdrawal } from "@/components/funding/cancel-withdrawal";
import { CurrencyList } from "@/components/funding/currency-list";
import { ExplorerLink, WithdrawalChainStatus } from "@/components/funding/withdrawal-chain-status";
import { AskSupportLink } from "@/components/support/ask-support-link";
import { WithdrawPasswordForm } from "@/components/funding/withdraw-password-form";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { chainFacts } from "@/lib/chain/progress";
import { withdrawalView } from "@/lib/funding/views";
import { availableNetworks, decimalsByAsset } from "@/lib/funding/wallets";
import { withdrawPasswordState } from "@/lib/auth/withdraw-password";
import { listWithdrawals } from "@/lib/funding/withdrawals";
import { userBalances } from "@/lib/ledger/balances";
import { RefreshOnBalance } from "@/components/refresh-on-balance";
import { Time } from "@/components/time";
import { money } from "@/lib/core/format";

export const metadata: Metadata = { title: "Withdraw" };

export default async function WithdrawPage() {
  const { user } = await requireUser();
  const db = await getDb();
  const [currencies, balances, { rows }, decimalsOf, chain] = await Promise.all([
    availableNetworks(db),
    userBalances(db, user.id),
    listWithdrawals(db, user.id, { page: 1, pageSize: 10 }),
    decimalsByAsset(db),
    chainFacts(db),
  ]);
  const password = withdrawPasswordState(user);
  const open = currencies.filter((c) => c.networks.some((n) => n.withdraw));
  return (
    <div className="space-y-4">
      <RefreshOnBalance />
      <h1 className="text-xl font-semibold">Withdraw</h1>
      {!password.set ? (
        <>
          <p className="card text-sm">Before your first withdrawal, set a withdrawal password.</p>
          <WithdrawPasswordForm isSet={false} />
        </>
      ) : (
        <>
          {password.holdUntil && (
            <p role="status" className="card border-gold/40 text-sm" data-testid="withdraw-hold">
              For your security, withdrawals are paused until{" "}
              <strong>
                <Time at={password.holdUntil} countdown />
              </strong>{" "}
              after a change to your account&rsquo;s security (a new password, withdrawal password or email, or
              two-factor turned off).
            </p>
          )}
          {password.lockedUntil && (
            <p role="status" className="card border-danger/40 text-sm">
              Too many wrong withdrawal passwords: withdrawals are locked until{" "}
              <strong>
                <Time at={password.lockedUntil} countdown />
              </strong>
              .
            </p>
          )}
          {open.length === 0 ? (
            <p className="card text-sm text-muted">No currency can be withdrawn right now. Please check again later.</p>
          ) : (
            <CurrencyList
              label="Currencies to withdraw"
              items={open.map((c) => ({
                currency: c.currency,
                href: `/withdraw/form/${c.currency}`,
                detail: (
                  <>
                    <Amount value={balances.find((b) => b.asset === c.currency)?.available ?? "0"} asset={c.currency} />{" "}
                    available
                  </>
                ),
              }))}
            />
          )}
        </>
      )}
      <section className="card" aria-labelledby="my-withdrawals">
        <h2 id="my-withdrawals" className="mb-2 font-semibold">
          Your withdrawals
        </h2>
        {rows.length === 0 ? (
          <p className="text-sm text-muted">None yet.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="withdrawal-list">
            {rows.map((row) => {
              const w = withdrawalView(row, decimalsOf(row.currency), chain);
              return (
                <li key={w.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                  <span className="min-w-0">
                    <Amount value={w.amount} asset={w.currency} />
                    <span className="ml-2 text-xs text-muted">
                      fee {money(w.fee, w.currency)} · {w.network} · <Time at={w.createdAt} />
                    </span>
                    <span className="block truncate font-mono text-xs text-muted">{w.address}</span>
                    {w.txHash && <span className="block truncate font-mono text-xs text-muted">tx {w.txHash}</span>}
                    <ExplorerLink href={w.explorerUrl} />
                    {w.reason && <span className="block text-xs text-muted">{w.reason}</span>}
                    {w.status === "rejected" && <AskSupportLink id={w.id} what="withdrawal" />}
                  </span>
                  <span className="flex shrink-0 items-center gap-2">
                    {w.status === "pending" && <CancelWithdrawal id={w.id} />}
                    <WithdrawalChainStatus
                      id={w.id}
                      status={w.status}
                      initial={{ chainStatus: w.chainStatus, confirmations: w.confirmations, required: w.required }}
                    />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {password.set && <WithdrawPasswordForm isSet />}
    </div>
  );
}
