"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FieldError } from "@/components/field-error";
import { useNotificationHold } from "@/components/notification-center";
import { useToast } from "@/components/toast";
import { useCopy } from "@/components/use-copy";
import { api } from "@/lib/client/session";
import { Time } from "@/components/time";

type Answer = { success: boolean; message: string; errors?: Record<string, string[]> };
type Setup = Answer & { secret?: string; otpauthUrl?: string; qr?: string };
type Enabled = Answer & { recoveryCodes?: string[] };

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** The secret in groups of four, as authenticator apps print it (spaces are ignored when typed in). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Two-factor sign-in: set up (QR code and the secret as text, then a code to confirm), the ten
 * recovery codes shown once with copy and an "I have saved them" step, the status, and turning it off
 * with a code.
 */
export function TwoFactorSection({ status }: { status: TwoFactorStatus }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<string[] | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordErrors, setPasswordErrors] = useState<string[] | undefined>();
  const copy = useCopy();
  // Setting up, and above all the codes shown once: no dialog may cover them (the "two-factor is on" notice waits).
  useNotificationHold(setup !== null || recoveryCodes !== null);

  async function start() {
    setBusy(true);
    setErrors(undefined);
    try {
      const { body } = await api<Setup & { errors?: Record<string, string[]> }>("/api/user/2fa/setup", { method: "POST", body: JSON.stringify({ password }) });
      if (body.success && body.secret && body.qr) {
        setSetup({ secret: body.secret, qr: body.qr });
        setPassword("");
        setPasswordErrors(undefined);
      } else setPasswordErrors(body.errors?.password ?? [body.message]);
    } catch {
      toast("Two-factor set-up did not start. Please try again.", "error");
    }
    setBusy(false);
  }

  async function send(path: string, onDone: (body: Enabled) => void) {
    setBusy(true);
    setErrors(undefined);
    try {
      const { body } = await api<Enabled>(path, { method: "POST", body: JSON.stringify({ code: code.trim() }) });
      if (body.success) {
        setCode("");
        onDone(body);
      } else setErrors(body.errors?.code ?? [body.message]);
    } catch {
      setErrors(["That did not go through. Please try again."]);
    }
    setBusy(false);
  }

  const codeField = (label: string, hint: string) => (
    <div>
      <label htmlFor="two-factor-code" className="label">{label}</label>
      <input
        id="two-factor-code"
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        className="field font-mono"
        aria-describedby="two-factor-code-hint two-factor-code-error"
      />
      <p id="two-factor-code-hint" className="mt-1 text-xs text-muted">{hint}</p>
      <FieldError id="two-factor-code-error" messages={errors} />
    </div>
  );

  let body: React.ReactNode;
  if (recoveryCodes) {
    body = (
      <div className="space-y-3">
        <p role="status" className="text-sm text-gold-soft">Two-factor sign-in is on.</p>
        <p className="text-sm text-zinc-300">
          These ten recovery codes each sign you in once if you lose your phone. They are shown only now: save them somewhere safe, away from this device.
        </p>
        <ol className="grid grid-cols-2 gap-2 rounded-lg bg-raised p-3 font-mono text-sm" aria-label="Recovery codes">
          {recoveryCodes.map((c) => (
            <li key={c} data-testid="recovery-code" className="text-center">{c}</li>
          ))}
        </ol>
        <button type="button" className="btn-ghost w-full" onClick={() => void copy(recoveryCodes.join("\n"), "Recovery codes")}>Copy codes</button>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} className="accent-[var(--color-gold)]" />
          I have saved them
        </label>
        <button
          type="button"
          className="btn-gold"
          disabled={!saved}
          onClick={() => {
            setRecoveryCodes(null);
            setSetup(null);
            router.refresh();
          }}
        >
          Done
        </button>
      </div>
    );
  } else if (status.enabled) {
    body = (
      <div className="space-y-3">
        <p className="rounded-lg bg-raised px-3 py-2 text-sm" data-testid="two-factor-status">
          <span className="font-semibold text-gold-soft">On</span>
          {status.enabledAt && <> since <Time at={status.enabledAt} date /></>} · {status.recoveryCodesLeft} of 10 recovery codes left
        </p>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send("/api/user/2fa/disable", (b) => {
              toast(b.message, "success");
              router.refresh();
            });
          }}
        >
          {codeField("Code to turn it off", "A code from your authenticator app, or one of your recovery codes.")}
          <button type="submit" className="btn-ghost w-full border-danger/60 text-danger hover:border-danger hover:text-danger" disabled={busy || code.trim() === ""}>
            {busy ? "Turning off…" : "Turn off two-factor"}
          </button>
        </form>
      </div>
    );
  } else if (setup) {
    body = (
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send("/api/user/2fa/enable", (b) => {
            setRecoveryCodes(b.recoveryCodes ?? []);
            setSaved(false);
          });
        }}
      >
        <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-300">
          <li>Open an authenticator app (Google Authenticator, Authy, 1Password…) and scan this QR code.</li>
          <li>Enter the 6-digit code it shows.</li>
        </ol>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn on the server */}
        <img src={setup.qr} alt="QR code to add Aurum to your authenticator app" width={180} height={180} className="mx-auto rounded-lg bg-white p-2" />
        <div>
          <p className="text-xs text-muted">Cannot scan? Enter this key by hand (time-based, 6 digits):</p>
          <p className="mt-1 break-all rounded-lg bg-raised px-3 py-2 text-center font-mono text-sm text-gold-soft" data-testid="two-factor-secret" data-secret={setup.secret}>
            {grouped(setup.secret)}
          </p>
        </div>
        {codeField("Code from your app", "Six digits; a new one every 30 seconds.")}
        <div className="flex gap-3">
          <button type="button" className="btn-ghost flex-1" onClick={() => { setSetup(null); setCode(""); setErrors(undefined); }}>Cancel</button>
          <button type="submit" className="btn-gold flex-1" disabled={busy || code.trim() === ""}>{busy ? "Checking…" : "Turn on"}</button>
        </div>
      </form>
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-muted">Off. Turn it on and signing in, withdrawing and turning it off again ask for a code from an app on your phone as well as your password.</p>
        <form className="space-y-3" noValidate onSubmit={(e) => { e.preventDefault(); void start(); }}>
          <div>
            <label htmlFor="two-factor-password" className="label">Your password</label>
            <input id="two-factor-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className="field" aria-describedby="two-factor-password-error" />
            <FieldError id="two-factor-password-error" messages={passwordErrors} />
          </div>
          <button type="submit" className="btn-gold" disabled={busy || password === ""}>{busy ? "Preparing…" : "Set up two-factor"}</button>
        </form>
      </div>
    );
  }

  return (
    <section className="card space-y-3" aria-labelledby="two-factor-heading">
      <div>
        <h2 id="two-factor-heading" className="font-semibold">Two-factor sign-in</h2>
        <p className="text-sm text-muted">A code from an authenticator app on your phone, asked after your password.</p>
      </div>
      {body}
    </section>
  );
}
