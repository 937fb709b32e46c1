import Link from "next/link";
import type { chainStatus } from "@/lib/chain/status";

/** A warning for each followed chain the deposit watcher is behind on (or has not read yet): deposits there are credited late. */
export function ChainLag({ chains }: { chains: Awaited<ReturnType<typeof chainStatus>> }) {
  const behind = chains.filter((c) => c.lagging);
  if (!behind.length) return null;
  return (
    <div role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm" data-testid="chain-lag">
      {behind.map((c) => (
        <p key={c.chain}>
          {c.behind === null
            ? `The deposit watcher has not read ${c.label} yet: check its node (CHAIN_${c.chain.toUpperCase()}_RPC_URL) and the chain-watcher job below.`
            : `The deposit watcher is ${c.behind} blocks behind on ${c.label} (head ${c.head}, finished ${c.lastBlock}): deposits there are credited late.`}
        </p>
      ))}
    </div>
  );
}

/** A warning while sent withdrawals are flagged by the payout follower: money left the books for a transaction the chain no longer shows. */
export function FlaggedPayouts({ count }: { count: number }) {
  if (!count) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm"
      data-testid="flagged-payouts"
    >
      {count === 1 ? "A sent withdrawal's transaction" : `${count} sent withdrawals' transactions`} left the chain or
      failed before reaching the confirmations required: see the{" "}
      <Link href="/admin/withdrawals?status=sent" className="text-gold underline hover:text-gold-soft">
        sent withdrawals
      </Link>{" "}
      and check each on its explorer: a transaction gone for good means the user was not paid.
    </div>
  );
}
