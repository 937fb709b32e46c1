"use client";

import { CodeForm } from "./code-form";
import type { Setup } from "./start-form";

/** The secret in groups of four, as authenticator apps print it (spaces are ignored when typed in). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** Set-up: the QR code and the secret as text, then a code from the app to confirm. */
export function SetupForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: Setup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  return (
    <CodeForm
      path="/api/user/2fa/enable"
      label="Code from your app"
      hint="Six digits; a new one every 30 seconds."
      onDone={(answer) => onEnabled(answer.recoveryCodes ?? [])}
      actions={({ busy, empty }) => (
        <div className="flex gap-3">
          <button type="button" className="btn-ghost flex-1" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn-gold flex-1" disabled={busy || empty}>
            {busy ? "Checking…" : "Turn on"}
          </button>
        </div>
      )}
    >
      <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-300">
        <li>Open an authenticator app (Google Authenticator, Authy, 1Password…) and scan this QR code.</li>
        <li>Enter the 6-digit code it shows.</li>
      </ol>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn on the server */}
      <img
        src={setup.qr}
        alt="QR code to add Aurum to your authenticator app"
        width={180}
        height={180}
        className="mx-auto rounded-lg bg-white p-2"
      />
      <div>
        <p className="text-xs text-muted">Cannot scan? Enter this key by hand (time-based, 6 digits):</p>
        <p
          className="mt-1 break-all rounded-lg bg-raised px-3 py-2 text-center font-mono text-sm text-gold-soft"
          data-testid="two-factor-secret"
          data-secret={setup.secret}
        >
          {grouped(setup.secret)}
        </p>
      </div>
    </CodeForm>
  );
}
