"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { storedToken } from "@/lib/client/session";
import { assetName } from "@/lib/format";

type Answer = { success: boolean; message: string; errors?: Record<string, string[]> };

export function ProofForm({ currency, network, minDeposit, txHashHint, maxProofMb }: { currency: string; network: string; minDeposit: string; txHashHint: string; maxProofMb: number }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    form.set("currency", currency);
    form.set("network", network);
    setBusy(true);
    setErrors({});
    try {
      const res = await fetch("/api/deposits", { method: "POST", body: form, headers: { Authorization: `Bearer ${storedToken() ?? ""}` } });
      const answer = (await res.json()) as Answer;
      if (answer.success) {
        toast(answer.message, "success");
        router.push("/deposit");
        router.refresh();
        return;
      }
      // Said once: beside the fields it is about, or, when it is about none, as a toast.
      if (answer.errors) setErrors(answer.errors);
      else toast(answer.message, "error");
    } catch {
      toast("The deposit was not submitted. Please try again.", "error");
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} className="card space-y-4" noValidate>
      <div>
        <label htmlFor="amount" className="label">Amount sent ({assetName(currency)})</label>
        <input id="amount" name="amount" inputMode="decimal" autoComplete="off" className="field" placeholder={`at least ${minDeposit}`} aria-describedby="amount-error" required />
        <FieldError id="amount-error" messages={errors.amount} />
      </div>
      <div>
        <label htmlFor="txHash" className="label">Transaction hash</label>
        <input id="txHash" name="txHash" autoComplete="off" spellCheck={false} className="field font-mono text-sm" placeholder={txHashHint} aria-describedby="txHash-hint txHash-error" required />
        <p id="txHash-hint" className="mt-1 text-xs text-muted">Shown by your wallet or exchange once sent: {txHashHint}.</p>
        <FieldError id="txHash-error" messages={errors.txHash} />
      </div>
      <div>
        <label htmlFor="proof" className="label">Proof of the transfer (screenshot)</label>
        <input id="proof" name="proof" type="file" accept="image/png,image/jpeg,image/webp" className="field text-sm" aria-describedby="proof-hint proof-error" required />
        <p id="proof-hint" className="mt-1 text-xs text-muted">PNG, JPEG or WebP, up to {maxProofMb} MB. Only you and our team can see it.</p>
        <FieldError id="proof-error" messages={errors.proof} />
      </div>
      <button type="submit" className="btn-gold" disabled={busy} aria-busy={busy}>{busy ? "Submitting…" : "Submit deposit"}</button>
    </form>
  );
}
