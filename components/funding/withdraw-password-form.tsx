"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";

type Answer = { success: boolean; message: string; errors?: Record<string, string[]> };

/**
 * Sets the withdrawal password (proved by the account password) or changes it (proved by the
 * current one). Either way withdrawals then pause for 24 hours, and the form says so first.
 */
export function WithdrawPasswordForm({ isSet }: { isSet: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    if (data.newWithdrawPassword !== data.confirm) {
      setErrors({ confirm: ["The two passwords do not match"] });
      return;
    }
    setBusy(true);
    setErrors({});
    const proof = isSet ? { currentWithdrawPassword: data.currentWithdrawPassword } : { password: data.password };
    try {
      const { body } = await api<Answer>("/api/user/withdraw-password", { method: "POST", body: JSON.stringify({ ...proof, newWithdrawPassword: data.newWithdrawPassword }) });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        event.currentTarget?.reset();
        router.refresh();
      } else setErrors(body.errors ?? {});
    } catch {
      toast("The password was not saved. Please try again.", "error");
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="withdraw-password-heading" noValidate>
      <h2 id="withdraw-password-heading" className="font-semibold">{isSet ? "Change withdrawal password" : "Set a withdrawal password"}</h2>
      <p className="text-sm text-muted">
        A second password, asked for every withdrawal. After {isSet ? "changing" : "setting"} it, withdrawals pause for 24 hours, so no one who got hold of
        your account can empty it at once.
      </p>
      {isSet ? (
        <div>
          <label htmlFor="wp-current" className="label">Current withdrawal password</label>
          <input id="wp-current" name="currentWithdrawPassword" type="password" autoComplete="off" className="field" aria-describedby="wp-current-error" />
          <FieldError id="wp-current-error" messages={errors.currentWithdrawPassword} />
        </div>
      ) : (
        <div>
          <label htmlFor="wp-account" className="label">Account password</label>
          <input id="wp-account" name="password" type="password" autoComplete="current-password" className="field" aria-describedby="wp-account-error" />
          <FieldError id="wp-account-error" messages={errors.password} />
        </div>
      )}
      <div>
        <label htmlFor="wp-new" className="label">New withdrawal password</label>
        <input id="wp-new" name="newWithdrawPassword" type="password" autoComplete="new-password" className="field" aria-describedby="wp-new-error" />
        <FieldError id="wp-new-error" messages={errors.newWithdrawPassword} />
      </div>
      <div>
        <label htmlFor="wp-confirm" className="label">Confirm new withdrawal password</label>
        <input id="wp-confirm" name="confirm" type="password" autoComplete="new-password" className="field" aria-describedby="wp-confirm-error" />
        <FieldError id="wp-confirm-error" messages={errors.confirm} />
      </div>
      <button type="submit" className="btn-gold" disabled={busy} aria-busy={busy}>{busy ? "Saving…" : "Save withdrawal password"}</button>
    </form>
  );
}
