"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";

type Answer = { success: boolean; message: string; errors?: Record<string, string[]> };

/** Changes the sign-in password; the server signs every other session out and says so. */
export function ChangePasswordForm() {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const data = Object.fromEntries(new FormData(formEl)) as Record<string, string>;
    if (data.newPassword !== data.confirm) {
      setErrors({ confirm: ["Passwords do not match!"] });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const { body } = await api<Answer>("/api/user/password", { method: "POST", body: JSON.stringify({ currentPassword: data.currentPassword, newPassword: data.newPassword }) });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        formEl.reset();
        router.refresh();
      } else setErrors(body.errors ?? {});
    } catch {
      toast("The password was not changed. Please try again.", "error");
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="change-password-heading" noValidate>
      <h2 id="change-password-heading" className="font-semibold">Change password</h2>
      <p className="text-sm text-muted">Every other device signed in to your account is signed out, and withdrawals pause for 24 hours.</p>
      <div>
        <label htmlFor="cp-current" className="label">Current password</label>
        <input id="cp-current" name="currentPassword" type="password" autoComplete="current-password" className="field" aria-describedby="cp-current-error" />
        <FieldError id="cp-current-error" messages={errors.currentPassword} />
      </div>
      <div>
        <label htmlFor="cp-new" className="label">New password</label>
        <input id="cp-new" name="newPassword" type="password" autoComplete="new-password" className="field" aria-describedby="cp-new-error" />
        <FieldError id="cp-new-error" messages={errors.newPassword} />
      </div>
      <div>
        <label htmlFor="cp-confirm" className="label">Confirm new password</label>
        <input id="cp-confirm" name="confirm" type="password" autoComplete="new-password" className="field" aria-describedby="cp-confirm-error" />
        <FieldError id="cp-confirm-error" messages={errors.confirm} />
      </div>
      <button type="submit" className="btn-gold" disabled={busy} aria-busy={busy}>{busy ? "Saving…" : "Change password"}</button>
    </form>
  );
}
