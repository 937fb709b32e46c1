"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useConfirm } from "@/components/confirm-dialog";
import { Field } from "@/components/field";
import { useNotificationHold } from "@/components/notification-center";
import { Time } from "@/components/time";
import { useToast } from "@/components/toast";
import { useCopy } from "@/components/hooks/use-copy";
import { api } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

export interface ApiKeyRow {
  id: string;
  name: string;
  scopes: string[];
  allowedIps: string[] | null;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  expired: boolean;
}

type Created = Answer & { key?: ApiKeyRow; secret?: string };

/**
 * The user's API keys: making one (two-factor code required), its secret shown once with a copy
 * button, the list with when and from where each was last used, and revoking.
 */
export function ApiKeys({ keys, twoFactorOn }: { keys: ApiKeyRow[]; twoFactorOn: boolean }) {
  const [made, setMade] = useState<{ key: ApiKeyRow; secret: string } | null>(null);
  // The "API key created" notice would cover the secret shown once: it opens when the secret is put away.
  useNotificationHold(made !== null);
  return (
    <div className="space-y-4">
      {made ? (
        <SecretOnce made={made.key} secret={made.secret} onDone={() => setMade(null)} />
      ) : twoFactorOn ? (
        <CreateKeyForm onMade={setMade} />
      ) : (
        <TwoFactorFirst />
      )}
      <KeyList keys={keys} />
    </div>
  );
}

function TwoFactorFirst() {
  return (
    <section className="card space-y-2" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading" className="font-semibold">
        New API key
      </h2>
      <p className="text-sm text-muted">
        Turn on two-factor sign-in in{" "}
        <a href="/security-management" className="text-gold-soft underline">
          Security
        </a>{" "}
        first: making a key asks for a code from your authenticator app.
      </p>
    </section>
  );
}

function CreateKeyForm({ onMade }: { onMade: (made: { key: ApiKeyRow; secret: string }) => void }) {
  const router = useRouter();
  const toast = useToast();
  const hydrated = useHydrated();
  const { busy, errors, setErrors, run } = useSubmit(() => toast("The key was not made. Please try again.", "error"));

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const allowedIps = String(data.get("allowedIps") ?? "")
      .split(/[\s,]+/)
      .filter(Boolean);
    const days = String(data.get("expiresInDays") ?? "").trim();
    const request = {
      name: String(data.get("name") ?? ""),
      scopes: data.getAll("scopes").map(String),
      ...(allowedIps.length > 0 ? { allowedIps } : {}),
      ...(days ? { expiresInDays: Number(days) } : {}),
      code: String(data.get("code") ?? "").trim(),
    };
    void run(async () => {
      const { body } = await api<Created>("/api/user/api-keys", { method: "POST", body: JSON.stringify(request) });
      if (!body.success || !body.key || !body.secret) {
        toast(body.message, "error");
        // Field errors of a list come as "allowedIps.0": shown beside the list's field.
        const shown: Record<string, string[]> = {};
        for (const [field, messages] of Object.entries(body.errors ?? {}))
          (shown[field.split(".")[0]!] ??= []).push(...messages);
        return setErrors(shown);
      }
      onMade({ key: body.key, secret: body.secret });
      router.refresh();
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="new-key-heading" noValidate>
      <h2 id="new-key-heading" className="font-semibold">
        New API key
      </h2>
      <p className="text-sm text-muted">
        A key lets a program of yours read your account and, with the trade scope, place and cancel orders. No key can
        withdraw, change your password or security, or make keys.
      </p>
      <Field id="key-name" label="Name" name="name" maxLength={64} autoComplete="off" errors={errors.name} />
      <fieldset aria-describedby="key-scopes-error">
        <legend className="label">Scopes</legend>
        <div className="flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="scopes" value="read" defaultChecked /> Read
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="scopes" value="trade" /> Trade
          </label>
        </div>
        {errors.scopes && (
          <p id="key-scopes-error" role="alert" className="mt-1 text-xs text-danger">
            {errors.scopes.join(" ")}
          </p>
        )}
      </fieldset>
      <Field
        id="key-ips"
        label="Allowed addresses (optional)"
        name="allowedIps"
        hint="Addresses or networks (203.0.113.7, 198.51.100.0/24), separated by spaces or commas. Empty: any address."
        autoComplete="off"
        errors={errors.allowedIps}
      />
      <Field
        id="key-days"
        label="Expires after (days)"
        name="expiresInDays"
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        defaultValue={90}
        errors={errors.expiresInDays}
      />
      <Field
        id="key-code"
        label="Code from your authenticator app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={16}
        className="field font-mono"
        errors={errors.code}
      />
      <button type="submit" className="btn-gold" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Making the key…" : "Make key"}
      </button>
    </form>
  );
}

function SecretOnce({ made, secret, onDone }: { made: ApiKeyRow; secret: string; onDone: () => void }) {
  const copy = useCopy();
  return (
    <section className="card space-y-3" aria-labelledby="secret-heading" data-testid="api-key-secret">
      <h2 id="secret-heading" className="font-semibold">
        Copy the secret of “{made.name}” now
      </h2>
      <p className="text-sm text-muted">
        It is shown this once: Aurum keeps it only encrypted and cannot show it again. Lost, revoke the key and make a
        new one.
      </p>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-muted">Key (X-Aurum-Key)</dt>
          <dd className="break-all font-mono" data-testid="api-key-id">
            {made.id}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Secret</dt>
          <dd className="break-all font-mono text-gold-soft" data-testid="api-key-secret-value">
            {secret}
          </dd>
        </div>
      </dl>
      <div className="flex gap-2">
        <button type="button" className="btn-gold w-auto" onClick={() => void copy(secret, "Secret")}>
          Copy secret
        </button>
        <button type="button" className="btn-ghost w-auto" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </section>
  );
}

function KeyList({ keys }: { keys: ApiKeyRow[] }) {
  const router = useRouter();
  const toast = useToast();
  const [ask, dialog] = useConfirm();
  const [target, setTarget] = useState<string | null>(null);
  const { busy, run } = useSubmit(() => toast("That did not work. Please try again.", "error"));

  async function revoke(key: ApiKeyRow) {
    if (
      !(await ask({
        title: `Revoke “${key.name}”?`,
        body: "Programs using it are refused from their next request. This cannot be undone.",
        confirmLabel: "Revoke key",
      }))
    )
      return;
    setTarget(key.id);
    void run(async () => {
      const { body } = await api<Answer>(`/api/user/api-keys/${key.id}`, { method: "DELETE" });
      toast(body.message, body.success ? "success" : "error");
      router.refresh();
    });
  }

  return (
    <section className="card" aria-labelledby="keys-heading">
      <h2 id="keys-heading" className="mb-2 font-semibold">
        Your API keys
      </h2>
      {keys.length === 0 ? (
        <p className="text-sm text-muted">No API keys.</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="api-key-list">
          {keys.map((k) => (
            <li key={k.id} className="flex items-center justify-between gap-3 py-2.5 text-sm" data-testid="api-key">
              <span className="min-w-0">
                <span className="block font-medium">
                  {k.name}
                  <span className="ml-2 rounded bg-gold/15 px-1.5 py-0.5 text-xs text-gold-soft">
                    {k.scopes.join(" + ")}
                  </span>
                  {k.expired && (
                    <span className="ml-2 rounded bg-danger/15 px-1.5 py-0.5 text-xs text-danger">Expired</span>
                  )}
                </span>
                <span className="block break-all text-xs text-muted">
                  {k.id} · {k.allowedIps ? `from ${k.allowedIps.join(", ")}` : "from any address"} · expires{" "}
                  <Time at={k.expiresAt} /> ·{" "}
                  {k.lastUsedAt ? (
                    <>
                      last used <Time at={k.lastUsedAt} /> from {k.lastUsedIp}
                    </>
                  ) : (
                    "never used"
                  )}
                </span>
              </span>
              <button
                type="button"
                className="btn-ghost shrink-0 px-3 py-1 text-xs"
                disabled={busy}
                aria-label={`Revoke ${k.name}`}
                onClick={() => void revoke(k)}
              >
                {busy && target === k.id ? "Revoking…" : "Revoke"}
              </button>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
