import { DataTable } from "@/components/data-table";
import type { AssetBooks } from "@/lib/admin/dashboard";
import { assetName, exact } from "@/lib/core/format";

/** The books per asset, and whether each balances. */
export function Books({ books }: { books: AssetBooks[] }) {
  return (
    <section aria-labelledby="books-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="books-heading" className="text-lg font-semibold">
          The books, per asset
        </h2>
        <p className="text-sm text-muted">
          Held by users = credited by admins + deposited + interest paid − house − fees
        </p>
      </div>
      <DataTable
        label="The books, per asset"
        testId="books"
        rows={books}
        rowKey={(b) => b.asset}
        rowAttributes={(b) => ({ "data-asset": b.asset })}
        columns={[
          { label: "Asset", rowHeader: true, cell: (b) => assetName(b.asset) },
          { label: "Held by users", numeric: true, cell: (b) => exact(b.heldByUsers) },
          {
            label: "House position",
            numeric: true,
            title: "The platform's side of users' trades: negative XAUt is gold owed to users",
            cell: (b) => exact(b.house),
          },
          { label: "Fees earned", numeric: true, cell: (b) => exact(b.feesEarned) },
          { label: "Credited by admins", numeric: true, cell: (b) => exact(b.creditedByAdmins) },
          { label: "Deposited, net", numeric: true, cell: (b) => exact(b.deposited) },
          { label: "Interest paid", numeric: true, cell: (b) => exact(b.interestPaid) },
          {
            label: "Books",
            cell: (b) =>
              b.balanced ? (
                <span className="text-success">Balanced</span>
              ) : (
                <span className="font-semibold text-danger">
                  Out of balance: ask the operators for the ledger check, which names the accounts
                </span>
              ),
          },
        ]}
      />
    </section>
  );
}
