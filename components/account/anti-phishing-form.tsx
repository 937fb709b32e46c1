"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";

type Answer = { success: boolean; message: string; errors?: Record<string, string[]> };

const masked = (code: string) => "•".repeat(code.length);

/**
 * The anti-phishing code: masked until its owner asks to see it (someone may be looking over
 * their shoulder), set, changed or removed here; every notification from Aurum then shows it.
 */
export function AntiPhishingForm({ code }: { code: string | null }) {
  const router = useRouter();
  const toast = useToast();
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState("");
  const [errors, setErrors] = useState<string[] | undefined>();

  async function save(next: string | null) {
    setBusy(true);
    setErrors(undefined);
    try {
      const { body } = await api<Answer>("/api/user/anti-phishing", { method: "PUT", body: JSON.stringify({ code: next }) });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        setValue("");
        router.refresh();
      } else setErrors(body.errors?.code ?? [body.message]);
    } catch {
      toast("The code was not saved. Please try again.", "error");
    }
    setBusy(false);
  }

  return (
    <section className="card space-y-3" aria-labelledby="anti-phishing-heading">
      <div>
        <h2 id="anti-phishing-heading" className="font-semibold">Anti-phishing code</h2>
        <p className="text-sm text-muted">A phrase of your own that every message from Aurum shows. A message that claims to be from us without it is not from us.</p>
      </div>
      {code ? (
        <div className="flex items-center justify-between gap-3 rounded-lg bg-raised px-3 py-2 text-sm">
          <span>
            Your code: <span className="font-mono font-semibold text-gold-soft" data-testid="anti-phishing-code">{shown ? code : masked(code)}</span>
          </span>
          <span className="flex shrink-0 gap-3">
            <button type="button" className="text-gold-soft underline-offset-2 hover:underline" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
              {shown ? "Hide" : "Show"}
            </button>
            <button type="button" className="text-danger underline-offset-2 hover:underline" disabled={busy} onClick={() => save(null)}>Remove</button>
          </span>
        </div>
      ) : (
        <p className="text-sm text-muted">No code set.</p>
      )}
      <form
        className="space-y-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(value);
        }}
      >
        <label htmlFor="ap-code" className="label">{code ? "New code" : "Code"}</label>
        <div className="flex gap-2">
          <input id="ap-code" name="code" value={value} onChange={(e) => setValue(e.target.value)} maxLength={20} autoComplete="off" className="field" aria-describedby="ap-code-hint ap-code-error" />
          <button type="submit" className="btn-gold w-auto shrink-0" disabled={busy || value.trim() === ""}>{busy ? "Saving…" : "Save"}</button>
        </div>
        <p id="ap-code-hint" className="text-xs text-muted">4–20 characters: letters, digits, spaces and dashes.</p>
        <FieldError id="ap-code-error" messages={errors} />
      </form>
    </section>
  );
}
