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

/**
 * Granting or removing the administrator role, after a confirmation that says what it means and asks
 * why: the reason goes to the audit log, to the second administrator when one must approve, and to
 * the user's own account activity.
 */
function RoleChange({ userId, role }: { userId: string; role: "user" | "admin" }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const { busy, result, act } = useAction(userId);
  const granting = role !== "admin";
  return (
    <div className="space-y-2 sm:col-span-2">
      {asking ? (
        <form
          className="space-y-2"
          aria-label={granting ? "Make administrator" : "Make regular user"}
          onSubmit={(e) => {
            e.preventDefault();
            act("role", { role: granting ? "admin" : "user", reason }, () => {
              setAsking(false);
              setReason("");
            });
          }}
        >
          <p className="text-sm text-zinc-300">
            {granting
              ? "An administrator sees every account, answers support and, with a second administrator, moves money and changes settings. Every session of this user is signed out."
              : "This user loses the administrator role. Every session of theirs is signed out."}
          </p>
          <label htmlFor="role-reason" className="label">
            Reason (kept in the audit log and shown to the user)
          </label>
          <textarea
            id="role-reason"
            required
            maxLength={500}
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="field"
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-gold w-auto px-6" disabled={busy || reason.trim() === ""}>
              {granting ? "Confirm: make administrator" : "Confirm: make regular user"}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn-ghost" onClick={() => setAsking(true)}>
          {granting ? "Make administrator" : "Make regular user"}
        </button>
      )}
      <ResultLine result={result} testId="role-result" />
    </div>
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
        <ResultLine result={access.result} testId="access-result" />
      </div>
      <RoleChange userId={userId} role={role} />
    </section>
  );
}
