"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { money, plainAmount, typedAmount } from "@/lib/core/format";

interface Plan {
  id: string;
  name: string;
  asset: string;
  aprBps: number;
  termDays: number;
  minAmount: string;
  maxAmount: string;
  totalCap: string;
  capLeft: string;
  enabled: boolean;
}

const BLANK = {
  name: "",
  asset: "USDT",
  aprBps: "500",
  termDays: "0",
  minAmount: "10",
  maxAmount: "100,000",
  totalCap: "1,000,000",
  enabled: true,
};

/** One plan to edit, or (plan null) a new one. */
export function PlanForm({ plan }: { plan: Plan | null }) {
  const router = useRouter();
  const toast = useToast();
  const uid = useId();
  // Amounts grouped as every figure reads ("100,000.00"), every unit kept, sent plain.
  const [form, setForm] = useState(
    plan
      ? {
          ...plan,
          aprBps: String(plan.aprBps),
          termDays: String(plan.termDays),
          minAmount: typedAmount(plan.minAmount, plan.asset),
          maxAmount: typedAmount(plan.maxAmount, plan.asset),
          totalCap: typedAmount(plan.totalCap, plan.asset),
        }
      : BLANK,
  );
  const { busy, errors, setErrors, run } = useSubmit(() => toast("The plan was not saved. Please try again.", "error"));
  const id = (n: string) => `${uid}-${n}`;
  const set = (name: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({
      ...f,
      [name]: e.target.type === "checkbox" ? (e.target as HTMLInputElement).checked : e.target.value,
    }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = {
      name: form.name,
      asset: form.asset,
      aprBps: Number(form.aprBps),
      termDays: Number(form.termDays),
      minAmount: plainAmount(form.minAmount),
      maxAmount: plainAmount(form.maxAmount),
      totalCap: plainAmount(form.totalCap),
      enabled: form.enabled,
    };
    void run(async () => {
      const res = await api<Answer>(plan ? `/api/admin/saving-plans/${plan.id}` : "/api/admin/saving-plans", {
        method: plan ? "PUT" : "POST",
        body: JSON.stringify(body),
      });
      toast(res.body.message, res.body.success ? "success" : "error");
      if (res.body.success) {
        if (!plan) setForm(BLANK);
        router.refresh();
      } else setErrors(res.body.errors ?? {});
    });
  }

  const text = (
    name: "name" | "aprBps" | "termDays" | "minAmount" | "maxAmount" | "totalCap",
    label: string,
    numeric = true,
  ) => (
    <Field
      id={id(name)}
      label={label}
      errors={errors[name]}
      value={form[name]}
      onChange={set(name)}
      inputMode={numeric ? "decimal" : "text"}
    />
  );

  return (
    <form onSubmit={submit} className="card space-y-3" aria-label={plan ? `Plan ${plan.name}` : "New plan"} noValidate>
      <h2 className="font-semibold">{plan ? plan.name : "New plan"}</h2>
      {plan && <p className="text-xs text-muted">{money(plan.capLeft, plan.asset)} of the cap left</p>}
      {text("name", "Name", false)}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:items-end">
        <div>
          <label htmlFor={id("asset")} className="label">
            Asset
          </label>
          <select id={id("asset")} value={form.asset} onChange={set("asset")} className="field" disabled={!!plan}>
            <option>USDT</option>
            <option value="XAUT">XAUt</option>
          </select>
        </div>
        {text("aprBps", "Rate (bps a year)")}
        {text("termDays", "Term (days, 0 flexible)")}
      </div>
      {/* Two a row: three left a cap of ten million too narrow to read whole beside another plan. */}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:items-end">
        {text("minAmount", "Min. per subscription")}
        {text("maxAmount", "Max. per subscription")}
        {text("totalCap", "Total cap")}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={set("enabled")}
          className="accent-[var(--color-gold)]"
        />{" "}
        Open to new subscriptions
      </label>
      <button type="submit" className="btn-gold" disabled={busy} aria-busy={busy}>
        {busy ? "Saving…" : plan ? "Save" : "Create plan"}
      </button>
    </form>
  );
}
