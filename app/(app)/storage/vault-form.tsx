"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";

const newKey = (d: string) => `${d}-${crypto.randomUUID()}`;

/** Moves XAUt into the vault or back out; the key makes a retried move happen once. */
export function VaultForm({ direction, max }: { direction: "store" | "retrieve"; max: string }) {
  const router = useRouter();
  const toast = useToast();
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<string[] | undefined>();
  // What the last refusal said holds for the balance it was refused on: once that changes (the
  // other form moved gold), it no longer applies.
  const [refusedAt, setRefusedAt] = useState(max);
  if (refusedAt !== max) {
    setRefusedAt(max);
    setErrors(undefined);
  }
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey(direction));
  const verb = direction === "store" ? "Store" : "Retrieve";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors(undefined);
    try {
      const { body } = await api<{ success: boolean; message: string; errors?: Record<string, string[]> }>(`/api/storage/${direction}`, {
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
      } else setErrors(body.errors?.amount ?? [body.message]);
    } catch {
      toast(`The ${direction} did not complete. Trying again is safe.`, "error");
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} className="card space-y-2" aria-label={`${verb} XAUt`} noValidate>
      <label htmlFor={`${direction}-amount`} className="label">{verb} XAUt</label>
      <div className="flex gap-2">
        <input id={`${direction}-amount`} value={amount} onChange={(e) => { setAmount(e.target.value); key.current = newKey(direction); }} inputMode="decimal" autoComplete="off" className="field" placeholder={`up to ${max}`} aria-describedby={`${direction}-error`} />
        <button type="submit" className="btn-gold w-auto px-5" disabled={busy || !amount} aria-busy={busy}>{busy ? "…" : verb}</button>
      </div>
      <FieldError id={`${direction}-error`} messages={errors} />
    </form>
  );
}
