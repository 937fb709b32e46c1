import type { AssetBooks } from "@/lib/admin/dashboard";
import { assetName, exact } from "@/lib/format";

/** The books per asset, and whether each balances. */
export function Books({ books }: { books: AssetBooks[] }) {
  return (
    <section aria-labelledby="books-heading" className="space-y-3">
      <div className="flex items-baseline justify-between">
        <h2 id="books-heading" className="text-lg font-semibold">The books, per asset</h2>
        <p className="text-sm text-muted">Held by users = credited by admins + deposited + interest paid − house − fees</p>
      </div>
      <div className="table-scroll">
      <table className="data-table" data-testid="books">
        <thead>
          <tr className="border-b border-line">
            <th>Asset</th>
            <th className="text-right">Held by users</th>
            <th className="text-right" title="The platform's side of users' trades: negative XAUt is gold owed to users">House position</th>
            <th className="text-right">Fees earned</th>
            <th className="text-right">Credited by admins</th>
            <th className="text-right">Deposited, net</th>
            <th className="text-right">Interest paid</th>
            <th>Books</th>
          </tr>
        </thead>
        <tbody>
          {books.map((b) => (
            <tr key={b.asset} className="border-b border-line/60" data-asset={b.asset}>
              <th scope="row" className="font-medium">{assetName(b.asset)}</th>
              <td className="text-right tabular-nums">{exact(b.heldByUsers)}</td>
              <td className="text-right tabular-nums">{exact(b.house)}</td>
              <td className="text-right tabular-nums">{exact(b.feesEarned)}</td>
              <td className="text-right tabular-nums">{exact(b.creditedByAdmins)}</td>
              <td className="text-right tabular-nums">{exact(b.deposited)}</td>
              <td className="text-right tabular-nums">{exact(b.interestPaid)}</td>
              <td className={b.balanced ? "text-success" : "font-semibold text-danger"}>
                {b.balanced ? "Balanced" : "Out of balance: run npm run ledger:check"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </section>
  );
}
