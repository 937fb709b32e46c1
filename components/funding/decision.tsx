"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

export interface DecisionAction {
  /** The button's words, and the path it posts to. */
  label: string;
  path: string;
  tone: "gold" | "ghost";
  fields: { name: string; label: string; required: boolean; placeholder?: string }[];
}

/**
 * An admin's decision on one request: each action opens its few fields, then posts once (its
 * Idempotency-Key stays the same for a retry, so a double click or a lost answer decides once).
 */
export function Decision({ actions }: { actions: DecisionAction[] }) {
  const router = useRouter();
  const toast = useToast();
  const uid = useId();
  const [open, setOpen] = useState<DecisionAction | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const { busy, run } = useSubmit(() =>
    toast("The decision did not complete. Trying again is safe: it is applied once.", "error"),
  );
  // Not before hydration: the browser would send the form itself and drop what was typed.
  const hydrated = useHydrated();
  const key = useRef(`decision-${crypto.randomUUID()}`);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!open) return;
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ""));
    void run(async () => {
      const res = await api<Answer>(open.path, {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify(body),
      });
      toast(res.body.message, res.body.success ? "success" : "error");
      // 409 and 422: decided elsewhere, or refused by the state it met (an approval that failed): show what is now.
      if (res.body.success || res.status === 409 || res.status === 422) router.refresh();
    });
  }

  if (!open) {
    return (
      <div className="flex flex-wrap gap-2">
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            className={a.tone === "gold" ? "btn-gold w-auto px-4 py-2 text-sm" : "btn-ghost"}
            onClick={() => {
              setOpen(a);
              setValues({});
            }}
          >
            {a.label}…
          </button>
        ))}
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={open.label}>
      {open.fields.map((f) => (
        <div key={f.name}>
          <label htmlFor={`${uid}-${f.name}`} className="label">
            {f.label}
            {f.required ? "" : " (optional)"}
          </label>
          <input
            id={`${uid}-${f.name}`}
            value={values[f.name] ?? ""}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            placeholder={f.placeholder}
            className="field text-sm"
            required={f.required}
          />
        </div>
      ))}
      <div className="flex gap-2">
        <button
          type="submit"
          className={open.tone === "gold" ? "btn-gold w-auto px-4 py-2 text-sm" : "btn-ghost"}
          disabled={busy || !hydrated}
          aria-busy={busy}
        >
          {busy ? "Working…" : `Confirm: ${open.label}`}
        </button>
        <button type="button" className="btn-ghost" onClick={() => setOpen(null)} disabled={busy}>
          Back
        </button>
      </div>
    </form>
  );
}
