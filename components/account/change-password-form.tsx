"use client";

import { useRouter } from "next/navigation";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

/** Changes the sign-in password; the server signs every other session out and says so. */
export function ChangePasswordForm() {
  const router = useRouter();
  const toast = useToast();
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("The password was not changed. Please try again.", "error"),
  );
  // Not before hydration: the browser would send the form itself and drop what was typed.
  const hydrated = useHydrated();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const data = Object.fromEntries(new FormData(formEl)) as Record<string, string>;
    if (data.newPassword !== data.confirm) return setErrors({ confirm: ["Passwords do not match!"] });
    void run(async () => {
      const { body } = await api<Answer>("/api/user/password", {
        method: "POST",
        body: JSON.stringify({ currentPassword: data.currentPassword, newPassword: data.newPassword }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        formEl.reset();
        router.refresh();
      } else setErrors(body.errors ?? {});
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="change-password-heading" noValidate>
      <h2 id="change-password-heading" className="font-semibold">
        Change password
      </h2>
      <p className="text-sm text-muted">
        Every other device signed in to your account is signed out, and withdrawals pause for 24 hours.
      </p>
      <Field
        id="cp-current"
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        errors={errors.currentPassword}
      />
      <Field
        id="cp-new"
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        errors={errors.newPassword}
      />
      <Field
        id="cp-confirm"
        label="Confirm new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        errors={errors.confirm}
      />
      <button type="submit" className="btn-gold" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Saving…" : "Change password"}
      </button>
    </form>
  );
}
