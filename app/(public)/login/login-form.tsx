"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useToast } from "@/components/toast";
import type { PublicUser } from "@/lib/account/views";
import { useHydrated } from "@/lib/client/hydrated";
import { api, REDIRECT_DELAY_MS, saveSession, storedToken } from "@/lib/client/session";
import { homeOf, safeNext } from "@/lib/safe-next";

/** A field's text as the form holds it when sent. */
const fieldOf = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

type LoginAnswer = { success: boolean; message?: string; code?: string; user?: PublicUser; token?: string; twoFactorRequired?: boolean; challenge?: string };

export function LoginForm({ next, supportUrl, siteName }: { next: string | null; supportUrl: string | null; siteName: string }) {
  const toast = useToast();
  const router = useRouter();
  // Kept for the way back from the second step; the fields themselves are read when the form is sent,
  // so what a person typed while the page was still loading is what goes.
  const [usernameOrEmail, setUsernameOrEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  // Set once the password was right on an account with two-factor on: the second step asks for a code.
  const [challenge, setChallenge] = useState<string | null>(null);

  // Already signed in (a token in storage whose session is live): nothing to do here.
  useEffect(() => {
    if (!storedToken()) return;
    void api<{ user?: PublicUser }>("/api/auth/profile")
      .then(({ status, body }) => {
        if (status === 200) router.replace(safeNext(next, window.location.origin, homeOf(body.user?.role)));
      })
      .catch(() => undefined);
  }, [router, next]);

  function signedIn(answer: LoginAnswer & { token: string; user: PublicUser }) {
    saveSession(answer.token, answer.user);
    toast(answer.message || "Login successful", "success");
    setTimeout(() => router.replace(safeNext(next, window.location.origin, homeOf(answer.user.role))), REDIRECT_DELAY_MS);
  }

  async function submitCode(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !challenge) return;
    const form = event.currentTarget;
    const code = fieldOf(form, "code").trim();
    if (!code) {
      toast("Enter the 6-digit code from your authenticator app", "error");
      return;
    }
    setBusy(true);
    try {
      const res = await fetch("/api/auth/login/2fa", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ challenge, code }),
      });
      const answer = (await res.json()) as LoginAnswer;
      if (answer.success && answer.token && answer.user) {
        signedIn({ ...answer, token: answer.token, user: answer.user });
        return;
      }
      toast(answer.message ?? "That code is not right", "error");
      form.reset();
      // An expired or spent challenge (or a rate limit) means starting again from the password.
      if (answer.code === "CHALLENGE_EXPIRED" || res.status === 429 || res.status === 403) setChallenge(null);
    } catch {
      toast("Login failed. Please try again.", "error");
    }
    setBusy(false);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const usernameOrEmail = fieldOf(event.currentTarget, "usernameOrEmail");
    const password = fieldOf(event.currentTarget, "password");
    setUsernameOrEmail(usernameOrEmail);
    // The spec sends only when both are filled; an empty form says what is missing instead of nothing.
    if (!usernameOrEmail || !password) {
      toast(!usernameOrEmail ? "Please enter your username or email" : "Please enter your password", "error");
      return;
    }
    setBusy(true);
    try {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ usernameOrEmail, password }),
      });
      const answer = (await res.json()) as LoginAnswer;
      if (answer.success && answer.token && answer.user) {
        signedIn({ ...answer, token: answer.token, user: answer.user });
        return;
      }
      if (answer.twoFactorRequired && answer.challenge) {
        setChallenge(answer.challenge);
        setBusy(false);
        return;
      }
      // Rate limits and disabled accounts say why; any other refusal is the spec's one message.
      toast(res.status === 429 || res.status === 403 ? (answer.message ?? "Invalid credentials") : "Invalid credentials", "error");
    } catch {
      toast("Login failed. Please try again.", "error");
    }
    setBusy(false);
  }

  if (challenge) {
    return (
      <form onSubmit={submitCode} className="card space-y-4 p-6" aria-label="Two-factor sign-in" noValidate>
        <div>
          <h2 className="font-semibold">Two-factor sign-in</h2>
          <p id="two-factor-hint" className="mt-1 text-sm text-muted">
            Enter the 6-digit code your authenticator app shows for {siteName}. Lost your phone? Enter one of your recovery codes instead.
          </p>
        </div>
        <div>
          <label htmlFor="two-factor-code" className="label">Authentication code</label>
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
        <button
          type="button"
          className="btn-ghost w-full"
          onClick={() => setChallenge(null)}
        >
          Back
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={submit} className="card space-y-4 p-6" aria-label="Sign in">
      <div>
        <label htmlFor="usernameOrEmail" className="label">Username or email</label>
        <input id="usernameOrEmail" name="usernameOrEmail" autoComplete="username" className="field" defaultValue={usernameOrEmail} placeholder="Enter username or email" />
      </div>
      <div>
        <label htmlFor="password" className="label">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" className="field" placeholder="Enter password" />
      </div>
      <div className="flex justify-end">
        <Link href="/forgot-password" className="text-sm text-muted hover:text-gold-soft">Forgot password?</Link>
      </div>
      <button type="submit" className="btn-gold" disabled={busy || !hydrated}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
      <p className="text-center text-sm text-muted">
        New to {siteName}?{" "}
        <Link href="/register" className="font-medium text-gold hover:text-gold-soft">Register</Link>
      </p>
      {supportUrl ? (
        <a href={supportUrl} target="_blank" rel="noopener noreferrer" className="btn-ghost w-full">Customer Service</a>
      ) : (
        <button type="button" className="btn-ghost w-full" disabled title="No support contact is configured yet">Customer Service</button>
      )}
    </form>
  );
}
