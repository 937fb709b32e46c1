"use client";

import { useRouter } from "next/navigation";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { storedToken } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { type Answer, LEAVING, useSubmit } from "@/components/hooks/use-submit";
import { assetName, plainAmount, readable } from "@/lib/core/format";

export function ProofForm({
  currency,
  network,
  minDeposit,
  txHashHint,
  maxProofMb,
}: {
  currency: string;
  network: string;
  minDeposit: string;
  txHashHint: string;
  maxProofMb: number;
}) {
  const router = useRouter();
  const toast = useToast();
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("The deposit was not submitted. Please try again.", "error"),
  );
  // Not before hydration: the browser would send the form itself and drop what was typed.
  const hydrated = useHydrated();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set("currency", currency);
    form.set("network", network);
    // Typed as people read amounts ("2,500.00"), sent as the API reads them.
    form.set("amount", plainAmount(String(form.get("amount") ?? "")));
    void run(async () => {
      const res = await fetch("/api/deposits", {
        method: "POST",
        body: form,
        headers: { Authorization: `Bearer ${storedToken() ?? ""}` },
      });
      const answer = (await res.json()) as Answer;
      if (answer.success) {
        toast(answer.message, "success");
        router.push("/deposit");
        router.refresh();
        return LEAVING;
      }
      // Said once: beside the fields it is about, or, when it is about none, as a toast.
      if (answer.errors) setErrors(answer.errors);
      else toast(answer.message, "error");
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-4" noValidate>
      <Field
        id="amount"
        label={`Amount sent (${assetName(currency)})`}
        errors={errors.amount}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={`at least ${readable(minDeposit, currency)}`}
        required
      />
      <Field
        id="txHash"
        label="Transaction hash"
        hint={`Shown by your wallet or exchange once sent: ${txHashHint}.`}
        errors={errors.txHash}
        name="txHash"
        autoComplete="off"
        spellCheck={false}
        className="field font-mono text-sm"
        placeholder={txHashHint}
        required
      />
      <Field
        id="proof"
        label="Proof of the transfer (screenshot)"
        hint={`PNG, JPEG or WebP, up to ${maxProofMb} MB. Only you and our team can see it.`}
        errors={errors.proof}
        name="proof"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="field text-sm"
        required
      />
      <button type="submit" className="btn-gold" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Submitting…" : "Submit deposit"}
      </button>
    </form>
  );
}
