"use client";

import Link from "next/link";
import { useState } from "react";
import { useCopy } from "@/components/hooks/use-copy";
import { assetName, money } from "@/lib/core/format";

interface Option {
  network: string;
  networkName: string;
  address: string;
  memo: string | null;
  minDeposit: string;
  qr: string;
  /** "chain": the user's own address, credited by itself after `confirmations` blocks; "proof": the shared address and a proof to submit. */
  mode: "chain" | "proof";
  confirmations: number | null;
}

/** The network choice, then its address as a QR code and text to copy, with the rules that keep the funds safe. */
export function DepositAddress({ currency, options }: { currency: string; options: Option[] }) {
  const copy = useCopy();
  const [chosen, setChosen] = useState(options.length === 1 ? options[0]!.network : null);
  const option = options.find((o) => o.network === chosen);

  return (
    <>
      <fieldset className="card space-y-2">
        <legend className="px-1 text-sm font-medium text-zinc-300">Network</legend>
        <p className="text-xs text-muted">Send on the same network your wallet or exchange uses to send.</p>
        <div className="grid grid-cols-1 gap-2">
          {options.map((o) => (
            <label
              key={o.network}
              className={`flex cursor-pointer items-center justify-between rounded-lg border px-3 py-2.5 text-sm ${chosen === o.network ? "border-gold text-gold-soft" : "border-line"}`}
            >
              <span>
                <input
                  type="radio"
                  name="network"
                  value={o.network}
                  checked={chosen === o.network}
                  onChange={() => setChosen(o.network)}
                  className="mr-2 accent-[var(--color-gold)]"
                />
                {o.networkName}
              </span>
              <span className="text-xs text-muted">min {money(o.minDeposit, currency)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {option ? (
        <section className="card space-y-3" aria-labelledby="address-heading">
          <h2 id="address-heading" className="font-semibold">
            Your {assetName(currency)} address on {option.networkName}
          </h2>
          {option.mode === "chain" && (
            <p className="text-sm text-muted" data-testid="deposit-mode">
              This address is yours alone. A deposit is credited by itself after {option.confirmations} confirmations on{" "}
              {option.networkName}: nothing to submit.
            </p>
          )}
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the server */}
          <img
            src={option.qr}
            alt={`QR code of the ${currency} deposit address on ${option.networkName}`}
            width={220}
            height={220}
            className="mx-auto rounded-lg"
          />
          <p className="break-all rounded-lg bg-raised p-3 font-mono text-sm" data-testid="deposit-address">
            {option.address}
          </p>
          <button type="button" className="btn-ghost w-full" onClick={() => copy(option.address, "Address")}>
            Copy address
          </button>
          {option.memo && (
            <div className="space-y-2">
              <p className="text-sm">
                Memo / tag (required): <span className="font-mono text-gold-soft">{option.memo}</span>
              </p>
              <button type="button" className="btn-ghost w-full" onClick={() => copy(option.memo!, "Memo")}>
                Copy memo
              </button>
            </div>
          )}
          <div role="note" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-zinc-100">
            Send only {assetName(currency)} on {option.networkName} to this address
            {option.memo ? ", with the memo above" : ""}. Another currency, another network
            {option.memo ? " or a missing memo" : ""} loses the funds for good. The minimum is{" "}
            {money(option.minDeposit, currency)}; less is not credited.
          </div>
          {option.mode === "proof" && (
            <Link href={`/deposit/proof/${currency}/${option.network}`} className="btn-gold">
              I have sent it
            </Link>
          )}
        </section>
      ) : (
        <p className="card text-sm text-muted">Choose a network to see the address.</p>
      )}
    </>
  );
}
