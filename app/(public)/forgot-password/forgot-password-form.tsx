"use client";

import Link from "next/link";
import { useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { useHydrated } from "@/components/hooks/hydrated";
import { useSubmit } from "@/components/hooks/use-submit";

type Answer = { success: boolean; message?: string };

export function ForgotPasswordForm() {
  const toast = useToast();
  const [usernameOrEmail, setUsernameOrEmail] = useState("");
  const { busy, run } = useSubmit(() => toast("Something went wrong. Please try again.", "error"));
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!usernameOrEmail.trim()) {
      toast("Please enter your username or email", "error");
      return;
    }
    void run(async () => {
      const res = await fetch("/api/auth/forgot-password", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ usernameOrEmail: usernameOrEmail.trim() }),
      });
      const answer = (await res.json()) as Answer;
      if (answer.success) {
        setSent(answer.message ?? "If an account matches, we have sent a link to reset its password.");
      } else {
        toast(answer.message ?? "Something went wrong. Please try again.", "error");
      }
    });
  }

  if (sent) {
    return (
      <div className="card space-y-4 p-6" role="status">
        <p>{sent}</p>
        <p className="text-sm text-muted">
          The link works once and for 30 minutes. Nothing arrived? Check your spam folder, or ask again in a few
          minutes.
        </p>
        <Link href="/login" className="btn-gold w-full">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="card space-y-4 p-6" aria-label="Ask for a password reset link">
      <Field
        id="usernameOrEmail"
        label="Username or email"
        name="usernameOrEmail"
        autoComplete="username"
        value={usernameOrEmail}
        onChange={(e) => setUsernameOrEmail(e.target.value)}
        placeholder="Enter username or email"
      />
      <button type="submit" className="btn-gold" disabled={busy || !hydrated}>
        {busy ? "Sending…" : "Send reset link"}
      </button>
      <p className="text-center text-sm text-muted">
        Remembered it?{" "}
        <Link href="/login" className="font-medium text-gold hover:text-gold-soft">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
