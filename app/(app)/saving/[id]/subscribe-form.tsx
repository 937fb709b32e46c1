"use client";

import { assetName, money } from "@/lib/core/format";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, beside, useSubmit } from "@/components/hooks/use-submit";

const newKey = () => `subscribe-${crypto.randomUUID()}`;

export function SubscribeForm({ planId, asset, available, min, max }: { planId: string; asset: string; available: string; min: string; max: string }) {
  const router = useRouter();
  const toast = useToast();
  const [amount, setAmount] = useState("");
  const { busy, errors, setErrors, run } = useSubmit(() => toast("The subscription did not complete. Trying again is safe: it is applied once.", "error"));
  // One key per intended subscription: a retry after a lost answer cannot subscribe twice.
  const key = useRef(newKey());

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void run(async () => {
      const { body } = await api<Answer>("/api/savings/user/create", {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify({ planId, amount }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        key.current = newKey();
        setAmount("");
        router.refresh();
      } else setErrors(beside("amount", body));
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="subscribe-heading" noValidate>
      <h2 id="subscribe-heading" className="font-semibold">Subscribe</h2>
      <Field
        id="save-amount"
        label={`Amount (${assetName(asset)})`}
        hint={`Available: ${money(available, asset)}`}
        errors={errors.amount}
        value={amount}
        onChange={(e) => { setAmount(e.target.value); key.current = newKey(); }}
        inputMode="decimal"
        autoComplete="off"
        placeholder={`${min} – ${max}`}
      />
      <button type="submit" className="btn-gold" disabled={busy || !amount} aria-busy={busy}>{busy ? "Subscribing…" : "Subscribe"}</button>
    </form>
  );
}
