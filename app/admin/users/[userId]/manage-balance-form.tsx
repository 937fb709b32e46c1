"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { type Result, ResultLine } from "@/components/result-line";
import { api } from "@/components/hooks/session";
import { useSubmit } from "@/components/hooks/use-submit";
import { assetName, money } from "@/lib/core/format";

type Answer = { success: boolean; message: string; available?: string; asset?: string; proposal?: { id: string } };

const newKey = () => `manage-balance-${crypto.randomUUID()}`;

export function ManageBalanceForm({
  userId,
  username,
  assets,
}: {
  userId: string;
  username: string;
  assets: string[];
}) {
  const router = useRouter();
  const [form, setForm] = useState({ asset: "USDT", operation: "credit", amount: "", reason: "" });
  const [reviewing, setReviewing] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const { busy, run } = useSubmit(() =>
    setResult({
      ok: false,
      text: "The request did not complete. Submitting again is safe: it will not be applied twice.",
    }),
  );
  // One key per intended change: a retry after a lost answer cannot post it twice.
  const key = useRef(newKey());

  const set = (name: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setForm((f) => ({ ...f, [name]: e.target.value }));
    setReviewing(false);
    key.current = newKey();
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reviewing) {
      setResult(null);
      setReviewing(true);
      return;
    }
    void run(async () => {
      const { body } = await api<Answer>(`/api/admin/users/${userId}/manage-balance`, {
        method: "PUT",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify(form),
      });
      // From the approval threshold on, the change waits in Approvals for a second administrator.
      const done = () =>
        body.proposal
          ? `${body.message}. It is in Approvals until then.`
          : `${body.message}. Available now: ${money(body.available!, body.asset!)}`;
      setResult({ ok: body.success, text: body.success ? done() : body.message });
      key.current = newKey();
      setReviewing(false);
      if (body.success) {
        setForm((f) => ({ ...f, amount: "", reason: "" }));
        router.refresh();
      }
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="manage-balance-heading">
      <h2 id="manage-balance-heading" className="font-semibold">
        Manage balance
      </h2>
      <div className="grid grid-cols-3 gap-3">
        <div>
          <label htmlFor="mb-asset" className="label">
            Asset
          </label>
          <select id="mb-asset" value={form.asset} onChange={set("asset")} className="field">
            {assets.map((a) => (
              <option key={a} value={a}>
                {assetName(a)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="mb-operation" className="label">
            Operation
          </label>
          <select id="mb-operation" value={form.operation} onChange={set("operation")} className="field">
            <option value="credit">Credit</option>
            <option value="debit">Debit</option>
          </select>
        </div>
        <div>
          <label htmlFor="mb-amount" className="label">
            Amount
          </label>
          <input
            id="mb-amount"
            inputMode="decimal"
            autoComplete="off"
            value={form.amount}
            onChange={set("amount")}
            placeholder="0.00"
            className="field text-right tabular-nums"
          />
        </div>
      </div>
      <div>
        <label htmlFor="mb-reason" className="label">
          Reason (kept in the ledger)
        </label>
        <input id="mb-reason" value={form.reason} onChange={set("reason")} maxLength={500} className="field" />
      </div>
      {reviewing && (
        <p className="rounded-lg border border-gold/50 bg-gold/10 px-3 py-2 text-sm text-gold-soft" role="status">
          {form.operation === "credit" ? "Credit" : "Debit"} {form.amount || "?"} {assetName(form.asset)}{" "}
          {form.operation === "credit" ? "to" : "from"} {username}? Press confirm to apply.
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-gold w-auto" disabled={busy}>
          {busy ? "Applying…" : reviewing ? `Confirm ${form.operation}` : "Review"}
        </button>
        {reviewing && (
          <button type="button" className="btn-ghost" onClick={() => setReviewing(false)}>
            Cancel
          </button>
        )}
      </div>
      <ResultLine result={result} testId="manage-balance-result" />
    </form>
  );
}
