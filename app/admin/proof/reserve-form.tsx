"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";
import { assetName } from "@/lib/format";

interface ReserveValues {
  id: string;
  asset: string;
  custodyAddress: string;
  amount: string;
  checkedAt: string;
  attestationUrl: string | null;
}

type Answer = { success: boolean; message: string; errors?: Record<string, string[]> };

// A datetime-local field reads and writes minutes in UTC here: the page says so next to it.
const toField = (iso: string) => iso.slice(0, 16);
const fromField = (value: string) => (value ? `${value}:00Z` : "");

/** One declared reserve to edit or remove, or (reserve null) a new one. */
export function ReserveForm({ reserve, assets }: { reserve: ReserveValues | null; assets: string[] }) {
  const router = useRouter();
  const toast = useToast();
  const uid = useId();
  const blank = { asset: assets.includes("XAUT") ? "XAUT" : (assets[0] ?? ""), custodyAddress: "", amount: "", checkedAt: toField(new Date().toISOString()), attestationUrl: "" };
  const [form, setForm] = useState(reserve ? { ...reserve, checkedAt: toField(reserve.checkedAt), attestationUrl: reserve.attestationUrl ?? "" } : blank);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `${uid}-${name}`;
  const set = (name: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [name]: e.target.value }));

  async function send(method: "POST" | "PUT" | "DELETE") {
    setBusy(true);
    setErrors({});
    const body = { asset: form.asset, custodyAddress: form.custodyAddress, amount: form.amount, checkedAt: fromField(form.checkedAt), attestationUrl: form.attestationUrl || null };
    try {
      const path = reserve ? `/api/admin/proof/reserves/${reserve.id}` : "/api/admin/proof/reserves";
      const res = await api<Answer>(path, { method, ...(method === "DELETE" ? {} : { body: JSON.stringify(body) }) });
      toast(res.body.message, res.body.success ? "success" : "error");
      if (res.body.success) {
        if (!reserve) setForm(blank);
        router.refresh();
      } else setErrors(res.body.errors ?? {});
    } catch {
      toast("The reserve was not saved. Please try again.", "error");
    }
    setBusy(false);
  }

  const title = reserve ? `${assetName(reserve.asset)} at ${reserve.custodyAddress.slice(0, 10)}…` : "Declare a reserve";
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send(reserve ? "PUT" : "POST");
      }}
      className="card space-y-3"
      aria-label={title}
      noValidate
    >
      <h2 className="font-semibold">{title}</h2>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={id("asset")} className="label">Asset</label>
          <select id={id("asset")} value={form.asset} onChange={set("asset")} className="field">
            {assets.map((a) => <option key={a} value={a}>{assetName(a)}</option>)}
          </select>
          <FieldError id={id("asset-error")} messages={errors.asset} />
        </div>
        <div>
          <label htmlFor={id("amount")} className="label">Amount held</label>
          <input id={id("amount")} value={form.amount} onChange={set("amount")} inputMode="decimal" className="field" aria-describedby={id("amount-error")} />
          <FieldError id={id("amount-error")} messages={errors.amount} />
        </div>
      </div>
      <div>
        <label htmlFor={id("address")} className="label">Custody address</label>
        <input id={id("address")} value={form.custodyAddress} onChange={set("custodyAddress")} spellCheck={false} className="field font-mono text-sm" aria-describedby={id("address-error")} />
        <FieldError id={id("address-error")} messages={errors.custodyAddress} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={id("checked")} className="label">Checked at (UTC)</label>
          <input id={id("checked")} type="datetime-local" value={form.checkedAt} onChange={set("checkedAt")} className="field" aria-describedby={id("checked-error")} />
          <FieldError id={id("checked-error")} messages={errors.checkedAt} />
        </div>
        <div>
          <label htmlFor={id("attestation")} className="label">Attestation link (optional)</label>
          <input id={id("attestation")} type="url" value={form.attestationUrl} onChange={set("attestationUrl")} placeholder="https://" className="field" aria-describedby={id("attestation-error")} />
          <FieldError id={id("attestation-error")} messages={errors.attestationUrl} />
        </div>
      </div>
      <div className="flex gap-3">
        <button type="submit" className="btn-gold" disabled={busy} aria-busy={busy}>{busy ? "Saving…" : reserve ? "Save" : "Declare reserve"}</button>
        {reserve && (
          <button type="button" className="btn-ghost shrink-0 text-danger" disabled={busy} onClick={() => void send("DELETE")}>Remove</button>
        )}
      </div>
    </form>
  );
}
