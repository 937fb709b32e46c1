"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useNotificationHold } from "@/components/notification-center";
import { useToast } from "@/components/toast";
import { Time } from "@/components/time";
import { CodeForm } from "./code-form";
import { RecoveryCodes } from "./recovery-codes";
import { SetupForm } from "./setup-form";
import { type Setup, StartForm } from "./start-form";

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/**
 * Two-factor sign-in: set up (QR code and the secret as text, then a code to confirm), the ten
 * recovery codes shown once with copy and an "I have saved them" step, the status, and turning it off
 * with a code.
 */
export function TwoFactorSection({ status }: { status: TwoFactorStatus }) {
  const router = useRouter();
  const toast = useToast();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Setting up, and above all the codes shown once: no dialog may cover them (the "two-factor is on" notice waits).
  useNotificationHold(setup !== null || recoveryCodes !== null);

  let body: React.ReactNode;
  if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          setSetup(null);
          router.refresh();
        }}
      />
    );
  } else if (status.enabled) {
    body = (
      <div className="space-y-3">
        <p className="rounded-lg bg-raised px-3 py-2 text-sm" data-testid="two-factor-status">
          <span className="font-semibold text-gold-soft">On</span>
          {status.enabledAt && (
            <>
              {" "}
              since <Time at={status.enabledAt} date />
            </>
          )}{" "}
          · {status.recoveryCodesLeft} of 10 recovery codes left
        </p>
        <CodeForm
          path="/api/user/2fa/disable"
          label="Code to turn it off"
          hint="A code from your authenticator app, or one of your recovery codes."
          onDone={(answer) => {
            toast(answer.message, "success");
            router.refresh();
          }}
          actions={({ busy, empty }) => (
            <button
              type="submit"
              className="btn-ghost w-full border-danger/60 text-danger hover:border-danger hover:text-danger"
              disabled={busy || empty}
            >
              {busy ? "Turning off…" : "Turn off two-factor"}
            </button>
          )}
        />
      </div>
    );
  } else if (setup) {
    body = <SetupForm setup={setup} onEnabled={setRecoveryCodes} onCancel={() => setSetup(null)} />;
  } else {
    body = <StartForm onStarted={setSetup} />;
  }

  return (
    <section className="card space-y-3" aria-labelledby="two-factor-heading">
      <div>
        <h2 id="two-factor-heading" className="font-semibold">
          Two-factor sign-in
        </h2>
        <p className="text-sm text-muted">A code from an authenticator app on your phone, asked after your password.</p>
      </div>
      {body}
    </section>
  );
}
