import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/pager";
import { RecordList } from "@/components/record-list";
import { getDb } from "@/db/client";
import { USER_ACCOUNT_KINDS } from "@/db/schema";
import { requireUser } from "@/lib/auth/page-session";
import { plainParams } from "@/lib/http/query";
import { listAssets } from "@/lib/ledger/assets";
import { ACCOUNT_LABELS, JOURNAL_LABELS } from "@/lib/ledger/kinds";
import { listRecords, recordQuerySchema } from "@/lib/ledger/records";
import { RefreshOnBalance } from "@/components/refresh-on-balance";

export const metadata: Metadata = { title: "Transaction Records" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TransactionRecordsPage({ searchParams }: Props) {
  const { user } = await requireUser();
  const db = await getDb();
  const params = plainParams(await searchParams);
  const parsed = recordQuerySchema.safeParse(params);
  const [assets, result] = await Promise.all([listAssets(db), parsed.success ? listRecords(db, user.id, parsed.data) : null]);
  const filters = Object.fromEntries(Object.entries(params).filter(([key]) => key !== "page"));
  const exportHref = `/api/records/export?${new URLSearchParams(filters)}`;

  return (
    <div className="space-y-4">
      <RefreshOnBalance />
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Transaction Records</h1>
        <a href={exportHref} download className="btn-ghost">Export CSV</a>
      </div>

      <form method="get" className="card grid grid-cols-2 gap-3" aria-label="Filter records">
        <div>
          <label htmlFor="asset" className="label">Asset</label>
          <select id="asset" name="asset" defaultValue={params.asset ?? ""} className="field">
            <option value="">All assets</option>
            {assets.map((a) => <option key={a.code} value={a.code}>{a.code}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="kind" className="label">Type</label>
          <select id="kind" name="kind" defaultValue={params.kind ?? ""} className="field">
            <option value="">All types</option>
            {Object.entries(JOURNAL_LABELS).map(([k, label]) => <option key={k} value={k}>{label}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="account" className="label">Balance</label>
          <select id="account" name="account" defaultValue={params.account ?? ""} className="field">
            <option value="">All balances</option>
            {USER_ACCOUNT_KINDS.map((k) => <option key={k} value={k}>{ACCOUNT_LABELS[k]}</option>)}
          </select>
        </div>
        <div className="col-span-2 grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="from" className="label">From</label>
            <input id="from" name="from" type="date" defaultValue={params.from ?? ""} className="field" />
          </div>
          <div>
            <label htmlFor="to" className="label">To</label>
            <input id="to" name="to" type="date" defaultValue={params.to ?? ""} className="field" />
          </div>
        </div>
        <div className="col-span-2 flex gap-2">
          <button type="submit" className="btn-gold">Apply</button>
          <Link href="/records" className="btn-ghost shrink-0">Clear</Link>
        </div>
      </form>

      {result ? (
        <>
          <RecordList records={result.records} empty="No balance changes yet. Deposits, trades and adjustments will appear here." />
          {result.total > result.pageSize && <Pager page={result.page} pageSize={result.pageSize} total={result.total} query={filters} />}
        </>
      ) : (
        <p role="alert" className="card text-sm text-danger">{parsed.error?.issues[0]?.message ?? "These filters are not valid"}</p>
      )}
    </div>
  );
}
