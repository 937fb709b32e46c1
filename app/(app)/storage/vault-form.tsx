"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Field } from "@/components/field";
import { MaxButton } from "@/components/max-button";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, beside, useSubmit } from "@/components/hooks/use-submit";
import { plainAmount, readable } from "@/lib/core/format";
import { formatAmount, toUnits } from "@/lib/core/amount";
import { vaultMax } from "@/lib/ledger/max-amount";

const newKey = (d: string) => `${d}-${crypto.randomUUID()}`;

/** Moves XAUt into the vault or back out; the key makes a retried move happen once. `max` is the balance it takes from, `decimals` XAUt's. */
export function VaultForm({
  direction,
  max,
  decimals,
}: {
  direction: "store" | "retrieve";
  max: string;
  decimals: number;
}) {
  const router = useRouter();
  const toast = useToast();
  const [amount, setAmount] = useState("");
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast(`The ${direction} did not complete. Trying again is safe.`, "error"),
  );
  // What the last refusal said holds for the balance it was refused on: once that changes (the
  // other form moved gold), it no longer applies.
  const [refusedAt, setRefusedAt] = useState(max);
  if (refusedAt !== max) {
    setRefusedAt(max);
    setErrors({});
  }
  const key = useRef(newKey(direction));
  const verb = direction === "store" ? "Store" : "Retrieve";
  // Moving in or out of the vault is free: Max is the whole balance it comes from.
  const most = vaultMax(toUnits(max, decimals));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void run(async () => {
      const { body } = await api<Answer>(`/api/storage/${direction}`, {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify({ amount: plainAmount(amount) }),
      });
      if (body.success) {
        toast(body.message, "success");
        key.current = newKey(direction);
        setAmount("");
        router.refresh();
        // A refusal is said once, beside the amount it is about.
      } else setErrors(beside("amount", body));
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-2" aria-label={`${verb} XAUt`} noValidate>
      <Field id={`${direction}-amount`} label={`${verb} XAUt`} errors={errors.amount}>
        {(control) => (
          // The button on a line of its own: beside the field and Max it left the field too narrow for its figure on a phone.
          <div className="flex flex-wrap gap-2">
            <input
              {...control}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                key.current = newKey(direction);
              }}
              inputMode="decimal"
              autoComplete="off"
              className="field min-w-0 flex-1 text-right tabular-nums"
              placeholder={`up to ${readable(max, "XAUT")}`}
            />
            <MaxButton
              value={most === null ? null : formatAmount(most, decimals)}
              asset="XAUT"
              onMax={(typed) => {
                setAmount(typed);
                key.current = newKey(direction);
              }}
              why={direction === "store" ? "No XAUt available to store" : "Nothing in the vault"}
            />
            <button type="submit" className="btn-gold" disabled={busy || !amount} aria-busy={busy}>
              {busy ? "…" : verb}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
