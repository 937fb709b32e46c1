"use client";

import { useId, useRef, useState } from "react";
import { Field } from "@/components/field";
import { useNotificationHold } from "@/components/notification-center";
import { api, clearSession } from "@/components/hooks/session";
import { type Answer, beside, LEAVING, useSubmit } from "@/components/hooks/use-submit";

/**
 * The emergency brake: a button, then a modal that says what freezing does and asks for the
 * password. Once frozen this browser is signed out like every other session.
 */
export function FreezeAccount() {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [password, setPassword] = useState("");
  const { busy, errors, setErrors, run } = useSubmit(() => ({
    password: ["The account was not frozen. Please try again."],
  }));
  const [asking, setAsking] = useState(false);
  useNotificationHold(asking);

  function close() {
    dialog.current?.close();
    setAsking(false);
    setPassword("");
    setErrors({});
  }

  function freeze(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const { body } = await api<Answer>("/api/user/freeze", { method: "POST", body: JSON.stringify({ password }) });
      if (!body.success) return setErrors(beside("password", body));
      clearSession();
      // A full page load: nothing of the ended session may stay in memory.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/login?frozen=1");
      return LEAVING;
    });
  }

  return (
    <section className="card space-y-3" aria-labelledby="freeze-heading">
      <div>
        <h2 id="freeze-heading" className="font-semibold">
          Freeze account
        </h2>
        <p className="text-sm text-muted">
          Think someone else has access to your account? Freeze it: nobody can sign in, trade or withdraw until support
          unfreezes it.
        </p>
      </div>
      <button
        type="button"
        className="btn-ghost w-full border-danger/60 text-danger hover:border-danger hover:text-danger"
        onClick={() => {
          setAsking(true);
          dialog.current?.showModal();
        }}
      >
        Freeze my account
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={textId}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-danger/60 bg-panel p-5 text-zinc-100 shadow-2xl shadow-black/60 backdrop:bg-black/70"
      >
        <form onSubmit={freeze} noValidate className="space-y-3">
          <h2 id={titleId} className="text-lg font-semibold text-danger">
            Freeze your account?
          </h2>
          <div id={textId} className="space-y-2 text-sm text-zinc-300">
            <p>Freezing your account at once:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>signs out every device, this one included, and nobody can sign in;</li>
              <li>stops trading, withdrawals and your AI trading strategies; open limit orders wait unfilled;</li>
              <li>keeps your balances exactly as they are.</li>
            </ul>
            <p>Only Aurum support can unfreeze it. You cannot undo this yourself.</p>
          </div>
          <Field
            id="freeze-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            errors={errors.password}
          />
          <div className="flex gap-3">
            <button type="button" className="btn-ghost flex-1 py-3" onClick={close} autoFocus>
              Cancel
            </button>
            <button
              type="submit"
              className="inline-flex flex-[2] items-center whitespace-nowrap justify-center rounded-lg bg-danger px-4 py-3 font-semibold text-ink transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60"
              disabled={busy || password === ""}
            >
              {busy ? "Freezing…" : "Freeze account"}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
