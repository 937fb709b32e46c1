"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { StrategyCard } from "@/components/strategies/strategy-card";
import { BLANK_FIELDS, strategyBody, StrategyFields, type StrategyType } from "@/components/strategies/strategy-fields";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import type { StrategyView } from "@/lib/strategies/views";

/** The user's strategies and support's setups, with a form to propose one and controls for each setup. */
export function TradeSetups({ userId, strategies }: { userId: string; strategies: StrategyView[] }) {
  const router = useRouter();
  const toast = useToast();
  const [type, setType] = useState<StrategyType>("recurring");
  const [fields, setFields] = useState(BLANK_FIELDS);
  const { busy, errors, setErrors, run } = useSubmit(() => toast("That did not complete. Please try again.", "error"));

  const send = (path: string, init: RequestInit, after?: () => void) =>
    run(async () => {
      const { body } = await api<Answer>(path, init);
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        after?.();
        router.refresh();
      } else setErrors(body.errors ?? {});
    });

  function propose(event: React.FormEvent) {
    event.preventDefault();
    void send(
      `/api/admin/users/${userId}/trade-setups`,
      { method: "POST", body: JSON.stringify(strategyBody(type, fields)) },
      () => setFields(BLANK_FIELDS),
    );
  }

  return (
    <section className="space-y-3" aria-labelledby="setups-heading">
      <h2 id="setups-heading" className="font-semibold">
        Strategies and trade setups
      </h2>
      {strategies.length === 0 && <p className="card py-6 text-center text-sm text-muted">No strategies yet.</p>}
      {strategies.map((s) => (
        <div key={s.id} className="space-y-2">
          <StrategyCard strategy={s} actions={false} />
          {s.proposedBySupport && (s.status === "proposed" || s.status === "running") && (
            <div className="flex gap-2">
              {s.status === "proposed" && (
                <button
                  type="button"
                  className="btn-ghost w-auto px-4 py-1.5 text-sm"
                  disabled={busy}
                  onClick={() => void send(`/api/admin/trade-setups/${s.id}`, { method: "DELETE" })}
                  aria-label={`Withdraw ${s.name}`}
                >
                  Withdraw
                </button>
              )}
              {s.status === "running" && (
                <button
                  type="button"
                  className="btn-ghost w-auto px-4 py-1.5 text-sm"
                  disabled={busy}
                  onClick={() =>
                    void send(`/api/admin/trade-setups/${s.id}`, {
                      method: "PUT",
                      body: JSON.stringify({ status: "paused" }),
                    })
                  }
                  aria-label={`Pause ${s.name}`}
                >
                  Pause
                </button>
              )}
            </div>
          )}
        </div>
      ))}
      <form onSubmit={propose} className="card space-y-3" aria-label="Propose a strategy" noValidate>
        <h3 className="font-semibold">Propose a strategy</h3>
        <p className="text-xs text-muted">
          The user sees it on AI trading as proposed by support; it reserves nothing and runs only once they accept it.
        </p>
        <StrategyFields
          idPrefix="setup"
          type={type}
          onType={setType}
          fields={fields}
          onField={(name, value) => setFields((f) => ({ ...f, [name]: value }))}
          errors={errors}
        />
        <button type="submit" className="btn-gold" disabled={busy} aria-busy={busy}>
          Propose
        </button>
      </form>
    </section>
  );
}
