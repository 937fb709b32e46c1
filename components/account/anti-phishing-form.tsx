"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, beside, useSubmit } from "@/components/hooks/use-submit";

const masked = (code: string) => "•".repeat(code.length);

/**
 * The anti-phishing code: masked until its owner asks to see it (someone may be looking over
 * their shoulder), set, changed or removed here; every notification from Aurum then shows it.
 */
export function AntiPhishingForm({ code }: { code: string | null }) {
  const router = useRouter();
  const toast = useToast();
  const [shown, setShown] = useState(false);
  const [value, setValue] = useState("");
  const { busy, errors, setErrors, run } = useSubmit(() => toast("The code was not saved. Please try again.", "error"));

  const save = (next: string | null) =>
    run(async () => {
      const { body } = await api<Answer>("/api/user/anti-phishing", {
        method: "PUT",
        body: JSON.stringify({ code: next }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        setValue("");
        router.refresh();
      } else setErrors(beside("code", body));
    });

  return (
    <section className="card space-y-3" aria-labelledby="anti-phishing-heading">
      <div>
        <h2 id="anti-phishing-heading" className="font-semibold">
          Anti-phishing code
        </h2>
        <p className="text-sm text-muted">
          A phrase of your own that every message from Aurum shows. A message that claims to be from us without it is
          not from us.
        </p>
      </div>
      {code ? (
        <div className="flex items-center justify-between gap-3 rounded-lg bg-raised px-3 py-2 text-sm">
          <span>
            Your code:{" "}
            <span className="font-mono font-semibold text-gold-soft" data-testid="anti-phishing-code">
              {shown ? code : masked(code)}
            </span>
          </span>
          <span className="flex shrink-0 gap-3">
            <button
              type="button"
              className="text-gold-soft underline-offset-2 hover:underline"
              onClick={() => setShown((s) => !s)}
              aria-pressed={shown}
            >
              {shown ? "Hide" : "Show"}
            </button>
            <button
              type="button"
              className="text-danger underline-offset-2 hover:underline"
              disabled={busy}
              onClick={() => void save(null)}
            >
              Remove
            </button>
          </span>
        </div>
      ) : (
        <p className="text-sm text-muted">No code set.</p>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(value);
        }}
      >
        <Field
          id="ap-code"
          label={code ? "New code" : "Code"}
          hint="4–20 characters: letters, digits, spaces and dashes."
          errors={errors.code}
        >
          {(control) => (
            <div className="flex gap-2">
              <input
                {...control}
                name="code"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                maxLength={20}
                autoComplete="off"
                className="field"
              />
              <button type="submit" className="btn-gold w-auto shrink-0" disabled={busy || value.trim() === ""}>
                {busy ? "Saving…" : "Save"}
              </button>
            </div>
          )}
        </Field>
      </form>
    </section>
  );
}
