"use client";

import { useToast } from "@/components/toast";
import { useHydrated } from "@/components/hooks/hydrated";
import { LEAVING, useSubmit } from "@/components/hooks/use-submit";
import { fieldOf, postLogin, isSignedIn, type SignedIn } from "./login-answer";

/** The second step, on an account with two-factor on: a code from the app, or a recovery code. */
export function CodeStep({
  challenge,
  onSignedIn,
  onBack,
  siteName,
}: {
  challenge: string;
  onSignedIn: (answer: SignedIn) => void;
  onBack: () => void;
  siteName: string;
}) {
  const toast = useToast();
  const hydrated = useHydrated();
  const { busy, run } = useSubmit(() => toast("Login failed. Please try again.", "error"));

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const code = fieldOf(form, "code").trim();
    if (!code) {
      toast("Enter the 6-digit code from your authenticator app", "error");
      return;
    }
    void run(async () => {
      const { status, answer } = await postLogin("/api/auth/login/2fa", { challenge, code });
      if (isSignedIn(answer)) {
        onSignedIn(answer);
        return LEAVING;
      }
      toast(answer.message ?? "That code is not right", "error");
      form.reset();
      // An expired or spent challenge (or a rate limit) means starting again from the password.
      if (answer.code === "CHALLENGE_EXPIRED" || status === 429 || status === 403) onBack();
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-4 p-6" aria-label="Two-factor sign-in" noValidate>
      <div>
        <h2 className="font-semibold">Two-factor sign-in</h2>
        <p id="two-factor-hint" className="mt-1 text-sm text-muted">
          Enter the 6-digit code your authenticator app shows for {siteName}. Lost your phone? Enter one of your
          recovery codes instead.
        </p>
      </div>
      <div>
        <label htmlFor="two-factor-code" className="label">
          Authentication code
        </label>
        <input
          id="two-factor-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          autoFocus
          className="field text-center font-mono text-lg tracking-[0.3em]"
          placeholder="123456"
          aria-describedby="two-factor-hint"
        />
      </div>
      <button type="submit" className="btn-gold" disabled={busy || !hydrated}>
        {busy ? "Checking…" : "Verify and sign in"}
      </button>
      <button type="button" className="btn-ghost w-full" onClick={onBack}>
        Back
      </button>
    </form>
  );
}
