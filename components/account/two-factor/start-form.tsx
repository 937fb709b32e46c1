"use client";

import { useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, beside, useSubmit } from "@/components/hooks/use-submit";

export interface Setup {
  secret: string;
  qr: string;
}

/** Two-factor off: what turning it on does, and the password that starts the set-up. */
export function StartForm({ onStarted }: { onStarted: (setup: Setup) => void }) {
  const toast = useToast();
  const [password, setPassword] = useState("");
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("Two-factor set-up did not start. Please try again.", "error"),
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void run(async () => {
      const { body } = await api<Answer & Partial<Setup>>("/api/user/2fa/setup", {
        method: "POST",
        body: JSON.stringify({ password }),
      });
      if (body.success && body.secret && body.qr) onStarted({ secret: body.secret, qr: body.qr });
      else setErrors(beside("password", body));
    });
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        Off. Turn it on and signing in, withdrawing and turning it off again ask for a code from an app on your phone as
        well as your password.
      </p>
      <form className="space-y-3" noValidate onSubmit={submit}>
        <Field
          id="two-factor-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          errors={errors.password}
        />
        <button type="submit" className="btn-gold" disabled={busy || password === ""}>
          {busy ? "Preparing…" : "Set up two-factor"}
        </button>
      </form>
    </div>
  );
}
