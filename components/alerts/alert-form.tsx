"use client";

import { useState } from "react";
import { Field } from "@/components/field";
import { FieldError } from "@/components/field-error";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { useToast } from "@/components/toast";
import { displayDecimal, plainAmount, typedAmount } from "@/lib/core/format";
import { toUnits, DECIMAL } from "@/lib/core/amount";
import type { AlertView } from "@/lib/alerts/views";
import type { PriceAlerts } from "./use-price-alerts";

// lib/alerts/input.ts's NOTE_MAX, which the server enforces: the field stops there too.
const NOTE_MAX = 80;
type Direction = AlertView["direction"];

const DIRECTIONS: [Direction, string][] = [
  ["above", "Rises to"],
  ["below", "Falls to"],
];

/** The side of `last` a picked price is on: an alert waits for the price to come to it. */
function directionOf(price: string, last: string | null): Direction | null {
  if (!last || !DECIMAL.test(price)) return null;
  return toUnits(price, 6, "down") > toUnits(last, 6, "down") ? "above" : "below";
}

/**
 * The small form that sets a price alert: direction, price, an optional note. A price picked on the
 * chart lands in it, with the direction it lies in from the last price.
 */
export function AlertForm({ idPrefix, last, alerts }: { idPrefix: string; last: string | null; alerts: PriceAlerts }) {
  const toast = useToast();
  const [direction, setDirection] = useState<Direction>("above");
  const [price, setPrice] = useState("");
  const [note, setNote] = useState("");
  const [seen, setSeen] = useState(0);
  const { busy, errors, setErrors, run } = useSubmit(() => {
    toast("The alert was not set. Please try again.", "error");
  });

  // A new pick on the chart fills the form (state adjusted while rendering, as React advises over an effect).
  const { picked } = alerts;
  if (picked && picked.seq !== seen) {
    setSeen(picked.seq);
    setPrice(picked.price);
    setDirection(directionOf(picked.price, last) ?? direction);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    void run(async () => {
      const body = { direction, price: plainAmount(price), ...(note.trim() ? { note } : {}) };
      const res = await api<Answer & { alert?: AlertView }>("/api/alerts", {
        method: "POST",
        body: JSON.stringify(body),
      });
      if (!res.body.success || !res.body.alert) {
        setErrors(res.body.errors ?? { _: [res.body.message] });
        return;
      }
      const set = res.body.alert;
      toast(`Alert set: XAUt ${set.direction} ${typedAmount(set.price, "USDT")} USDT`, "success");
      setPrice("");
      setNote("");
      await alerts.refresh();
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Set a price alert">
      <fieldset>
        <legend className="label">Alert me when XAUt</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg border border-line p-0.5 text-sm">
          {DIRECTIONS.map(([value, name]) => (
            <label
              key={value}
              className={`cursor-pointer rounded-md py-1.5 text-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold ${direction === value ? "bg-gold text-ink font-medium" : "text-zinc-300 hover:text-gold-soft"}`}
            >
              <input
                type="radio"
                name={`${idPrefix}-direction`}
                value={value}
                checked={direction === value}
                onChange={() => setDirection(value)}
                className="sr-only"
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id={`${idPrefix}-price`}
        label="Price (USDT per XAUt)"
        inputMode="decimal"
        autoComplete="off"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        placeholder={last ? displayDecimal(last) : "0.00"}
        hint={last ? `Now ${displayDecimal(last)}. Or click the chart at a price.` : "Or click the chart at a price."}
        errors={errors.price}
      />
      <Field
        id={`${idPrefix}-note`}
        label="Note (optional)"
        autoComplete="off"
        maxLength={NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        errors={errors.note}
      />
      <FieldError id={`${idPrefix}-error`} messages={errors._ ?? errors.direction} />
      <button type="submit" className="btn-gold" disabled={busy}>
        {busy ? "Setting…" : "Set alert"}
      </button>
    </form>
  );
}
