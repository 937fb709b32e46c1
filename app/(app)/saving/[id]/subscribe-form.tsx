"use client";

import { assetName, money } from "@/lib/format";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";

const newKey = () => `subscribe-${crypto.randomUUID()}`;

export function SubscribeForm({ planId, asset, available, min, max }: { planId: string; asset: string; available: string; min: string; max: string }) {
  const router = useRouter();
  const toast = useToast();
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  // One key per intended subscription: a retry after a lost answer cannot subscribe twice.
  const key = useRef(newKey());

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors(undefined);
    try {
      const { body } = await api<{ success: boolean; message: string; errors?: Record<string, string[]> }>("/api/savings/user/create", {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify({ planId, amount }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        key.current = newKey();
        setAmount("");
        router.refresh();
      } else setErrors(body.errors?.amount ?? [body.message]);
    } catch {
      toast("The subscription did not complete. Trying again is safe: it is applied once.", "error");
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="subscribe-heading" noValidate>
      <h2 id="subscribe-heading" className="font-semibold">Subscribe</h2>
      <div>
        <label htmlFor="save-amount" className="label">Amount ({assetName(asset)})</label>
        <input id="save-amount" value={amount} onChange={(e) => { setAmount(e.target.value); key.current = newKey(); }} inputMode="decimal" autoComplete="off" className="field" placeholder={`${min} – ${max}`} aria-describedby="save-hint save-error" />
        <p id="save-hint" className="mt-1 text-xs text-muted">Available: {money(available, asset)}</p>
        <FieldError id="save-error" messages={errors} />
      </div>
      <button type="submit" className="btn-gold" disabled={busy || !amount} aria-busy={busy}>{busy ? "Subscribing…" : "Subscribe"}</button>
    </form>
  );
}
