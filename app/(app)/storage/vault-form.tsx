"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, beside, useSubmit } from "@/components/hooks/use-submit";

const newKey = (d: string) => `${d}-${crypto.randomUUID()}`;

/** Moves XAUt into the vault or back out; the key makes a retried move happen once. */
export function VaultForm({ direction, max }: { direction: "store" | "retrieve"; max: string }) {
  const router = useRouter();
  const toast = useToast();
  const [amount, setAmount] = useState("");
  const { busy, errors, setErrors, run } = useSubmit(() => toast(`The ${direction} did not complete. Trying again is safe.`, "error"));
  // What the last refusal said holds for the balance it was refused on: once that changes (the
  // other form moved gold), it no longer applies.
  const [refusedAt, setRefusedAt] = useState(max);
  if (refusedAt !== max) {
    setRefusedAt(max);
    setErrors({});
  }
  const key = useRef(newKey(direction));
  const verb = direction === "store" ? "Store" : "Retrieve";

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void run(async () => {
      const { body } = await api<Answer>(`/api/storage/${direction}`, {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify({ amount }),
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
          <div className="flex gap-2">
            <input {...control} value={amount} onChange={(e) => { setAmount(e.target.value); key.current = newKey(direction); }} inputMode="decimal" autoComplete="off" className="field" placeholder={`up to ${max}`} />
            <button type="submit" className="btn-gold w-auto px-5" disabled={busy || !amount} aria-busy={busy}>{busy ? "…" : verb}</button>
          </div>
        )}
      </Field>
    </form>
  );
}
