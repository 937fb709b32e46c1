"use client";

import { assetName, money, plainAmount, rangeText } from "@/lib/core/format";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Field } from "@/components/field";
import { MaxButton } from "@/components/max-button";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, beside, useSubmit } from "@/components/hooks/use-submit";
import { formatAmount, toUnits } from "@/lib/core/amount";
import { subscribeMax } from "@/lib/ledger/max-amount";

const newKey = () => `subscribe-${crypto.randomUUID()}`;

/** `min` and `max` per subscription, `capLeft` the room left in the plan, all in the plan's asset of `decimals`. */
export function SubscribeForm({
  planId,
  asset,
  decimals,
  available,
  min,
  max,
  capLeft,
}: {
  planId: string;
  asset: string;
  decimals: number;
  available: string;
  min: string;
  max: string;
  capLeft: string;
}) {
  const router = useRouter();
  const toast = useToast();
  const [amount, setAmount] = useState("");
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("The subscription did not complete. Trying again is safe: it is applied once.", "error"),
  );
  // One key per intended subscription: a retry after a lost answer cannot subscribe twice.
  const key = useRef(newKey());

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void run(async () => {
      const { body } = await api<Answer>("/api/savings/user/create", {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify({ planId, amount: plainAmount(amount) }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        key.current = newKey();
        setAmount("");
        router.refresh();
      } else setErrors(beside("amount", body));
    });
  }

  const units = (v: string) => toUnits(v, decimals);
  const most = subscribeMax({ available: units(available), max: units(max), capLeft: units(capLeft), min: units(min) });

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="subscribe-heading" noValidate>
      <h2 id="subscribe-heading" className="font-semibold">
        Subscribe
      </h2>
      <Field
        id="save-amount"
        label={`Amount (${assetName(asset)})`}
        hint={`Available: ${money(available, asset)}`}
        errors={errors.amount}
      >
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                key.current = newKey();
              }}
              inputMode="decimal"
              autoComplete="off"
              className="field min-w-0 flex-1 text-right tabular-nums"
              placeholder={rangeText(min, max, asset)}
            />
            <MaxButton
              value={most === null ? null : formatAmount(most, decimals)}
              asset={asset}
              onMax={(typed) => {
                setAmount(typed);
                key.current = newKey();
              }}
              why="Less than the plan's minimum is available"
            />
          </div>
        )}
      </Field>
      <button type="submit" className="btn-gold" disabled={busy || !amount} aria-busy={busy}>
        {busy ? "Subscribing…" : "Subscribe"}
      </button>
    </form>
  );
}
