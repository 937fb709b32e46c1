"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { MIN_PASSWORD_LENGTH, REGISTER_MESSAGES } from "@/lib/auth/register-rules";
import { clearSession, REDIRECT_DELAY_MS } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { LEAVING, useSubmit } from "@/components/hooks/use-submit";

type Answer = { success: boolean; message?: string };

export function ResetPasswordForm({ token }: { token: string }) {
  const toast = useToast();
  const router = useRouter();
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const { busy, run } = useSubmit(() => toast("Something went wrong. Please try again.", "error"));
  const hydrated = useHydrated();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The register rules, in the register order.
    const problem = !newPassword
      ? REGISTER_MESSAGES.password
      : newPassword.length < MIN_PASSWORD_LENGTH
        ? REGISTER_MESSAGES.passwordLength
        : newPassword !== confirmPassword
          ? REGISTER_MESSAGES.mismatch
          : null;
    if (problem) {
      toast(problem, "error");
      return;
    }
    void run(async () => {
      const res = await fetch("/api/auth/reset-password", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token, newPassword }),
      });
      const answer = (await res.json()) as Answer;
      if (answer.success) {
        // Every session of the account just ended, this browser's included.
        clearSession();
        toast(answer.message ?? "Your password has been reset. Please sign in.", "success");
        setTimeout(() => router.replace("/login"), REDIRECT_DELAY_MS);
        return LEAVING;
      }
      toast(answer.message ?? "Something went wrong. Please try again.", "error");
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-4 p-6" aria-label="Choose a new password">
      <Field
        id="newPassword"
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
      />
      <Field
        id="confirmPassword"
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
        placeholder="Enter it again"
      />
      <button type="submit" className="btn-gold" disabled={busy || !hydrated}>
        {busy ? "Saving…" : "Set new password"}
      </button>
      <p className="text-center text-sm text-muted">
        <Link href="/login" className="font-medium text-gold hover:text-gold-soft">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
