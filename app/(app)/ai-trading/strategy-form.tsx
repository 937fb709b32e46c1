"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import {
  BLANK_FIELDS,
  refusalsByField,
  strategyBody,
  StrategyFields,
  type StrategyType,
} from "@/components/strategies/strategy-fields";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

/** Starts a strategy; the first one also records the user's acceptance of the risk statement. */
export function StrategyForm({
  riskAccepted,
  riskStatement,
  available,
}: {
  riskAccepted: boolean;
  riskStatement: string;
  available: string;
}) {
  const router = useRouter();
  const toast = useToast();
  const [type, setType] = useState<StrategyType>("recurring");
  const [fields, setFields] = useState(BLANK_FIELDS);
  const [acceptRisk, setAcceptRisk] = useState(false);
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("The strategy did not start. Trying again is safe.", "error"),
  );
  // Not before hydration: the browser would send the form itself and drop what was typed.
  const hydrated = useHydrated();
  const key = useRef(crypto.randomUUID());
  const changed = () => (key.current = crypto.randomUUID());

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void run(async () => {
      const body = { ...strategyBody(type, fields), ...(riskAccepted ? {} : { acceptRisk }) };
      const { body: answer } = await api<Answer>("/api/strategies", {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify(body),
      });
      toast(answer.message, answer.success ? "success" : "error");
      if (answer.success) {
        changed();
        setFields(BLANK_FIELDS);
        router.refresh();
      } else setErrors(refusalsByField(type, answer));
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-label="New strategy" noValidate>
      <h2 className="font-semibold">New strategy</h2>
      <p className="text-xs text-muted">
        Its budget is reserved from your available {available} USDT when it starts, and comes back when it stops.
      </p>
      <StrategyFields
        idPrefix="new"
        type={type}
        onType={(t) => {
          setType(t);
          setErrors({});
          changed();
        }}
        fields={fields}
        onField={(name, value) => {
          setFields((f) => ({ ...f, [name]: value }));
          changed();
        }}
        errors={errors}
      />
      {!riskAccepted && (
        <div className="rounded-lg border border-gold/30 p-3 text-sm">
          <p className="text-zinc-200">{riskStatement}</p>
          <label className="mt-2 flex items-start gap-2">
            <input
              type="checkbox"
              checked={acceptRisk}
              onChange={(e) => {
                setAcceptRisk(e.target.checked);
                changed();
              }}
              aria-describedby="new-acceptRisk-error"
              className="mt-1"
            />
            <span>I have read and accept the risk statement</span>
          </label>
          <FieldError id="new-acceptRisk-error" messages={errors.acceptRisk} />
        </div>
      )}
      <button type="submit" className="btn-gold" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Starting…" : "Start strategy"}
      </button>
    </form>
  );
}
