import { Amount } from "@/components/amount";
import { assetName, exact } from "@/lib/core/format";
import type { ChainReserveView } from "@/lib/proof/chain-reserves";

/**
 * What a snapshot read on chain: per asset and chain, the block, the sum and every address with its
 * balance (custody addresses, and users' deposit addresses holding something), so anyone can ask a
 * node for the same figures at that block. A chain that could not be read says so, with no figure.
 */
export function ChainReserves({ readings }: { readings: ChainReserveView[] }) {
  if (!readings.length) return null;
  return (
    <section className="space-y-2" aria-labelledby="chain-reserves-heading" data-testid="chain-reserves">
      <h3 id="chain-reserves-heading" className="font-semibold text-zinc-50">
        Read on chain with this snapshot
      </h3>
      <ul className="space-y-2">
        {readings.map((r) => (
          <li key={`${r.chain}-${r.asset}`} className="card space-y-1 text-sm" data-testid={`chain-reserve-${r.asset}`}>
            <p className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="font-medium">
                {assetName(r.asset)} on {r.chainLabel}
              </span>
              {r.status === "read" ? (
                <Amount value={r.total} asset={r.asset} exact />
              ) : (
                <span className="text-amber-300">Unavailable</span>
              )}
            </p>
            {r.status === "read" ? (
              <>
                <p className="text-muted">
                  At block {Number(r.blockNumber).toLocaleString("en-US")}
                  {r.token && (
                    <>
                      {" "}
                      · token <span className="break-all font-mono text-xs">{r.token}</span>
                    </>
                  )}{" "}
                  · {r.addressesRead.toLocaleString("en-US")} {r.addressesRead === 1 ? "address" : "addresses"} read
                </p>
                <details>
                  <summary className="cursor-pointer text-gold">
                    Addresses holding it ({r.addresses.length.toLocaleString("en-US")})
                  </summary>
                  <ul className="mt-1 space-y-1">
                    {r.addresses.map((a) => (
                      <li key={a.address} className="flex flex-wrap justify-between gap-x-3">
                        <span className="break-all font-mono text-xs">
                          {a.address}{" "}
                          <span className="font-sans text-muted">({a.role === "custody" ? "custody" : "deposit"})</span>
                        </span>
                        <span className="font-mono text-xs tabular-nums">{exact(a.amount)}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              </>
            ) : (
              <p className="text-muted">{r.problem} No figure is published for it in this snapshot.</p>
            )}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">
        Balances in each token&apos;s own units at that block; the sums are rounded down to Aurum&apos;s decimals.
        Figures typed by administrators are only for what is held off chain, and are labelled declared.
      </p>
    </section>
  );
}
