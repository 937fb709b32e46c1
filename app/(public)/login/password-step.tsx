"use client";

import Link from "next/link";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { useHydrated } from "@/components/hooks/hydrated";
import { LEAVING, useSubmit } from "@/components/hooks/use-submit";
import { fieldOf, postLogin, isSignedIn, type SignedIn } from "./login-answer";

/** The first step: username or email and password, then either signed in or a two-factor challenge. */
export function PasswordStep({
  usernameOrEmail,
  onTyped,
  onSignedIn,
  onChallenge,
  supportUrl,
  siteName,
}: {
  /** What was sent last, kept for the way back from the second step. */
  usernameOrEmail: string;
  onTyped: (usernameOrEmail: string) => void;
  onSignedIn: (answer: SignedIn) => void;
  onChallenge: (challenge: string) => void;
  supportUrl: string | null;
  siteName: string;
}) {
  const toast = useToast();
  const hydrated = useHydrated();
  const { busy, run } = useSubmit(() => toast("Login failed. Please try again.", "error"));

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The fields are read when the form is sent, so what a person typed while the page was still loading is what goes.
    const usernameOrEmail = fieldOf(event.currentTarget, "usernameOrEmail");
    const password = fieldOf(event.currentTarget, "password");
    onTyped(usernameOrEmail);
    // The spec sends only when both are filled; an empty form says what is missing instead of nothing.
    if (!usernameOrEmail || !password) {
      toast(!usernameOrEmail ? "Please enter your username or email" : "Please enter your password", "error");
      return;
    }
    void run(async () => {
      const { status, answer } = await postLogin("/api/auth/login", { usernameOrEmail, password });
      if (isSignedIn(answer)) {
        onSignedIn(answer);
        return LEAVING;
      }
      if (answer.twoFactorRequired && answer.challenge) return onChallenge(answer.challenge);
      // Rate limits and disabled accounts say why; any other refusal is the spec's one message.
      toast(
        status === 429 || status === 403 ? (answer.message ?? "Invalid credentials") : "Invalid credentials",
        "error",
      );
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-4 p-6" aria-label="Sign in">
      <Field
        id="usernameOrEmail"
        label="Username or email"
        name="usernameOrEmail"
        autoComplete="username"
        defaultValue={usernameOrEmail}
        placeholder="Enter username or email"
      />
      <Field
        id="password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter password"
      />
      <div className="flex justify-end">
        <Link href="/forgot-password" className="text-sm text-muted hover:text-gold-soft">
          Forgot password?
        </Link>
      </div>
      <button type="submit" className="btn-gold" disabled={busy || !hydrated}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
      <p className="text-center text-sm text-muted">
        New to {siteName}?{" "}
        <Link href="/register" className="font-medium text-gold hover:text-gold-soft">
          Register
        </Link>
      </p>
      {supportUrl ? (
        <a href={supportUrl} target="_blank" rel="noopener noreferrer" className="btn-ghost w-full">
          Customer Service
        </a>
      ) : (
        <Link href="/contact" className="btn-ghost w-full">
          Customer Service
        </Link>
      )}
    </form>
  );
}
