import Link from "next/link";
import { assetName } from "@/lib/core/format";
import { JOURNAL_LABELS } from "@/lib/ledger/kinds";

/**
 * Asset, type and dates for the records list. Under a tab the tab is the type, so the Type field
 * gives way to it; Apply keeps the tab and whether holds are shown, Clear keeps them too.
 */
export function RecordFilters({
  base,
  params,
  assets,
  tab,
  holds,
}: {
  base: string;
  params: Record<string, string>;
  assets: { code: string }[];
  tab: string | null;
  holds: boolean;
}) {
  const kept = new URLSearchParams({ ...(tab ? { tab } : {}), ...(holds ? { holds: "true" } : {}) });
  return (
    <form
      method="get"
      action={base}
      // Under a tab the Type field gives way, so a row on a wide screen has one field fewer.
      className={`card grid grid-cols-2 gap-3 @4xl:items-end ${tab ? "@4xl:grid-cols-[repeat(3,minmax(0,1fr))_auto]" : "@4xl:grid-cols-[repeat(4,minmax(0,1fr))_auto]"}`}
      aria-label="Filter records"
    >
      {tab && <input type="hidden" name="tab" value={tab} />}
      {holds && <input type="hidden" name="holds" value="true" />}
      <div>
        <label htmlFor="asset" className="label">
          Asset
        </label>
        <select id="asset" name="asset" defaultValue={params.asset ?? ""} className="field h-11">
          <option value="">All assets</option>
          {assets.map((a) => (
            <option key={a.code} value={a.code}>
              {assetName(a.code)}
            </option>
          ))}
        </select>
      </div>
      {!tab && (
        <div>
          <label htmlFor="kind" className="label">
            Type
          </label>
          <select id="kind" name="kind" defaultValue={params.kind ?? ""} className="field h-11">
            <option value="">All types</option>
            {Object.entries(JOURNAL_LABELS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor="from" className="label">
          From
        </label>
        <input id="from" name="from" type="date" defaultValue={params.from ?? ""} className="field h-11" />
      </div>
      <div>
        <label htmlFor="to" className="label">
          To
        </label>
        <input id="to" name="to" type="date" defaultValue={params.to ?? ""} className="field h-11" />
      </div>
      <div className="col-span-2 flex gap-2 @4xl:col-span-1">
        <button type="submit" className="btn-gold @4xl:w-auto">
          Apply
        </button>
        <Link href={kept.size ? `${base}?${kept}` : base} className="btn-ghost shrink-0">
          Clear
        </Link>
      </div>
    </form>
  );
}
