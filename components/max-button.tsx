import { assetName, typedAmount } from "@/lib/core/format";

/**
 * "Max" beside an amount field: puts in the most that can be sent (`value`, a decimal string from
 * lib/ledger/max-amount), fees already taken into account, grouped as people type it (`typedAmount`). Disabled, and saying why in its title,
 * when nothing can be.
 */
export function MaxButton({
  value,
  asset,
  onMax,
  why = "Nothing to use",
}: {
  value: string | null;
  asset: string;
  onMax: (typed: string) => void;
  why?: string;
}) {
  const typed = value === null ? null : typedAmount(value, asset);
  return (
    <button
      type="button"
      className="btn-ghost shrink-0 px-3 disabled:cursor-not-allowed disabled:opacity-50"
      disabled={typed === null}
      title={typed === null ? why : `Put in ${typed} ${assetName(asset)}`}
      aria-label={
        typed === null ? `Max: ${why.charAt(0).toLowerCase()}${why.slice(1)}` : `Max: ${typed} ${assetName(asset)}`
      }
      onClick={() => typed !== null && onMax(typed)}
    >
      Max
    </button>
  );
}
