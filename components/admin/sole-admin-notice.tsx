import Link from "next/link";

/** Said plainly wherever it matters: with one administrator nothing can be approved, and how to change that. */
export function SoleAdminNotice() {
  return (
    <div role="note" className="card space-y-1 border-gold/60 text-sm" data-testid="sole-admin">
      <p className="font-semibold text-gold-soft">
        You are the only active administrator, so no proposal can be approved.
      </p>
      <p className="text-muted">
        Credits, debits, deposits and withdrawals from the approval threshold (summed per administrator and user over 24
        hours), settings that pay or value money, saving-plan rates, new or changed deposit wallets, and changes to
        administrators wait for a second administrator. To add one, open{" "}
        <Link href="/admin/users" className="text-gold underline hover:text-gold-soft">
          Users
        </Link>
        , choose a person you trust and set their role to admin: while you are the only one, you may appoint them alone.
      </p>
    </div>
  );
}
