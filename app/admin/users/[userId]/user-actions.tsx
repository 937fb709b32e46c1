"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Result, ResultLine } from "@/components/result-line";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

/** One account action at a time, its outcome said beside it; `then` runs after a success. */
function useAction(userId: string) {
  const router = useRouter();
  const [result, setResult] = useState<Result>(null);
  const { busy, run } = useSubmit(() =>
    setResult({ ok: false, text: "The request did not complete. Please try again." }),
  );
  const act = (path: string, body: unknown, then?: () => void) =>
    void run(async () => {
      const { body: answer } = await api<Answer>(`/api/admin/users/${userId}/${path}`, {
        method: "PUT",
        body: JSON.stringify(body),
      });
      setResult({ ok: answer.success, text: answer.message });
      if (!answer.success) return;
      then?.();
      router.refresh();
    });
  return { busy, result, act };
}

function PasswordReset({ userId, field, path, label }: { userId: string; field: string; path: string; label: string }) {
  const [value, setValue] = useState("");
  const { busy, result, act } = useAction(userId);
  const id = `reset-${path}`;
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        act(path, { [field]: value }, () => setValue(""));
      }}
    >
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="field"
        />
        <button type="submit" className="btn-gold w-auto shrink-0" disabled={busy}>
          Reset
        </button>
      </div>
      <ResultLine result={result} testId={`${path}-result`} />
    </form>
  );
}

/** Password resets, enabling or disabling (enabling a frozen account unfreezes it), and the role: each audited by the API. */
export function UserActions({
  userId,
  status,
  frozen,
  role,
}: {
  userId: string;
  status: "active" | "disabled";
  frozen: boolean;
  role: "user" | "admin";
}) {
  const access = useAction(userId);
  return (
    <section className="card grid grid-cols-1 gap-6 sm:grid-cols-2" aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="font-semibold sm:col-span-2">
        Account actions
      </h2>
      <PasswordReset
        userId={userId}
        field="newPassword"
        path="reset-password"
        label="New password (signs the user out everywhere)"
      />
      <PasswordReset
        userId={userId}
        field="newWithdrawPassword"
        path="reset-withdraw-password"
        label="New withdrawal password"
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button
          type="button"
          className="btn-ghost"
          disabled={access.busy}
          onClick={() => access.act("status", { status: status === "active" ? "disabled" : "active" })}
        >
          {status === "active" ? "Disable account" : frozen ? "Unfreeze account" : "Enable account"}
        </button>
        <button
          type="button"
          className="btn-ghost"
          disabled={access.busy}
          onClick={() => access.act("role", { role: role === "admin" ? "user" : "admin" })}
        >
          {role === "admin" ? "Make regular user" : "Make administrator"}
        </button>
        <ResultLine result={access.result} testId="access-result" />
      </div>
    </section>
  );
}
