"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { assetName } from "@/lib/core/format";

interface ReserveValues {
  id: string;
  asset: string;
  custodyAddress: string;
  amount: string;
  checkedAt: string;
  attestationUrl: string | null;
}

// A datetime-local field reads and writes minutes in UTC here: the page says so next to it.
const toField = (iso: string) => iso.slice(0, 16);
const fromField = (value: string) => (value ? `${value}:00Z` : "");

/** One declared reserve to edit or remove, or (reserve null) a new one. */
export function ReserveForm({ reserve, assets }: { reserve: ReserveValues | null; assets: string[] }) {
  const router = useRouter();
  const toast = useToast();
  const uid = useId();
  const blank = {
    asset: assets.includes("XAUT") ? "XAUT" : (assets[0] ?? ""),
    custodyAddress: "",
    amount: "",
    checkedAt: toField(new Date().toISOString()),
    attestationUrl: "",
  };
  const [form, setForm] = useState(
    reserve
      ? { ...reserve, checkedAt: toField(reserve.checkedAt), attestationUrl: reserve.attestationUrl ?? "" }
      : blank,
  );
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("The reserve was not saved. Please try again.", "error"),
  );
  const id = (name: string) => `${uid}-${name}`;
  const set = (name: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  function send(method: "POST" | "PUT" | "DELETE") {
    const body = {
      asset: form.asset,
      custodyAddress: form.custodyAddress,
      amount: form.amount,
      checkedAt: fromField(form.checkedAt),
      attestationUrl: form.attestationUrl || null,
    };
    void run(async () => {
      const path = reserve ? `/api/admin/proof/reserves/${reserve.id}` : "/api/admin/proof/reserves";
      const res = await api<Answer>(path, { method, ...(method === "DELETE" ? {} : { body: JSON.stringify(body) }) });
      toast(res.body.message, res.body.success ? "success" : "error");
      if (res.body.success) {
        if (!reserve) setForm(blank);
        router.refresh();
      } else setErrors(res.body.errors ?? {});
    });
  }

  const title = reserve
    ? `${assetName(reserve.asset)} at ${reserve.custodyAddress.slice(0, 10)}…`
    : "Declare a reserve";
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send(reserve ? "PUT" : "POST");
      }}
      className="card space-y-3"
      aria-label={title}
      noValidate
    >
      <h2 className="font-semibold">{title}</h2>
      <div className="grid grid-cols-2 gap-3">
        <Field id={id("asset")} label="Asset" errors={errors.asset}>
          {(control) => (
            <select {...control} value={form.asset} onChange={set("asset")} className="field">
              {assets.map((a) => (
                <option key={a} value={a}>
                  {assetName(a)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={id("amount")}
          label="Amount held"
          errors={errors.amount}
          value={form.amount}
          onChange={set("amount")}
          inputMode="decimal"
        />
      </div>
      <Field
        id={id("address")}
        label="Custody address"
        errors={errors.custodyAddress}
        value={form.custodyAddress}
        onChange={set("custodyAddress")}
        spellCheck={false}
        className="field font-mono text-sm"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={id("checked")}
          label="Checked at (UTC)"
          errors={errors.checkedAt}
          type="datetime-local"
          value={form.checkedAt}
          onChange={set("checkedAt")}
        />
        <Field
          id={id("attestation")}
          label="Attestation link (optional)"
          errors={errors.attestationUrl}
          type="url"
          value={form.attestationUrl}
          onChange={set("attestationUrl")}
          placeholder="https://"
        />
      </div>
      <div className="flex gap-3">
        <button type="submit" className="btn-gold" disabled={busy} aria-busy={busy}>
          {busy ? "Saving…" : reserve ? "Save" : "Declare reserve"}
        </button>
        {reserve && (
          <button
            type="button"
            className="btn-ghost shrink-0 text-danger"
            disabled={busy}
            onClick={() => send("DELETE")}
          >
            Remove
          </button>
        )}
      </div>
    </form>
  );
}
