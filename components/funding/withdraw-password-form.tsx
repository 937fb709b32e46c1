"use client";

import { useRouter } from "next/navigation";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

/**
 * Sets the withdrawal password (proved by the account password) or changes it (proved by the
 * current one). Either way withdrawals then pause for 24 hours, and the form says so first.
 */
export function WithdrawPasswordForm({ isSet }: { isSet: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("The password was not saved. Please try again.", "error"),
  );
  // Not before hydration: the browser would send the form itself and drop what was typed.
  const hydrated = useHydrated();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const data = Object.fromEntries(new FormData(formEl)) as Record<string, string>;
    if (data.newWithdrawPassword !== data.confirm) return setErrors({ confirm: ["The two passwords do not match"] });
    const proof = isSet ? { currentWithdrawPassword: data.currentWithdrawPassword } : { password: data.password };
    void run(async () => {
      const { body } = await api<Answer>("/api/user/withdraw-password", {
        method: "POST",
        body: JSON.stringify({ ...proof, newWithdrawPassword: data.newWithdrawPassword }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        formEl.reset();
        router.refresh();
      } else setErrors(body.errors ?? {});
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="withdraw-password-heading" noValidate>
      <h2 id="withdraw-password-heading" className="font-semibold">
        {isSet ? "Change withdrawal password" : "Set a withdrawal password"}
      </h2>
      <p className="text-sm text-muted">
        A second password, asked for every withdrawal. After {isSet ? "changing" : "setting"} it, withdrawals pause for
        24 hours, so no one who got hold of your account can empty it at once.
      </p>
      {isSet ? (
        <Field
          id="wp-current"
          label="Current withdrawal password"
          name="currentWithdrawPassword"
          type="password"
          autoComplete="off"
          errors={errors.currentWithdrawPassword}
        />
      ) : (
        <Field
          id="wp-account"
          label="Account password"
          name="password"
          type="password"
          autoComplete="current-password"
          errors={errors.password}
        />
      )}
      <Field
        id="wp-new"
        label="New withdrawal password"
        name="newWithdrawPassword"
        type="password"
        autoComplete="new-password"
        errors={errors.newWithdrawPassword}
      />
      <Field
        id="wp-confirm"
        label="Confirm new withdrawal password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        errors={errors.confirm}
      />
      <button type="submit" className="btn-gold" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Saving…" : "Save withdrawal password"}
      </button>
    </form>
  );
}
