"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { assetName } from "@/lib/core/format";

interface WalletValues {
  id: string;
  currency: string;
  network: string;
  networkName: string;
  address: string;
  memo: string | null;
  minDeposit: string;
  withdrawFee: string;
  minWithdraw: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
}

/** One wallet to edit, or (wallet null) a new one to add. */
export function WalletForm({
  wallet,
  supported,
}: {
  wallet: WalletValues | null;
  supported: Record<string, readonly string[]>;
}) {
  const router = useRouter();
  const toast = useToast();
  const uid = useId();
  const blank = {
    currency: "USDT",
    network: "TRC20",
    address: "",
    memo: "",
    minDeposit: "10",
    withdrawFee: "1",
    minWithdraw: "10",
    depositEnabled: true,
    withdrawEnabled: true,
  };
  const [form, setForm] = useState(wallet ? { ...wallet, memo: wallet.memo ?? "" } : blank);
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("The wallet was not saved. Please try again.", "error"),
  );
  const id = (name: string) => `${uid}-${name}`;
  const set = (name: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target.type === "checkbox" ? (e.target as HTMLInputElement).checked : e.target.value;
    setForm((f) => ({
      ...f,
      [name]: value,
      ...(name === "currency" ? { network: supported[String(value)]?.[0] ?? "" } : {}),
    }));
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = {
      currency: form.currency,
      network: form.network,
      address: form.address,
      memo: form.memo || null,
      minDeposit: form.minDeposit,
      withdrawFee: form.withdrawFee,
      minWithdraw: form.minWithdraw,
      depositEnabled: form.depositEnabled,
      withdrawEnabled: form.withdrawEnabled,
    };
    void run(async () => {
      const res = await api<Answer>(wallet ? `/api/admin/wallets/${wallet.id}` : "/api/admin/wallets", {
        method: wallet ? "PUT" : "POST",
        body: JSON.stringify(body),
      });
      toast(res.body.message, res.body.success ? "success" : "error");
      if (res.body.success) {
        if (!wallet) setForm(blank);
        router.refresh();
      } else setErrors(res.body.errors ?? {});
    });
  }

  const title = wallet ? `${assetName(wallet.currency)} on ${wallet.networkName}` : "Add a wallet";
  return (
    <form onSubmit={submit} className="card space-y-3" aria-label={title} noValidate>
      <h2 className="font-semibold">{title}</h2>
      {!wallet && (
        <div className="grid grid-cols-2 gap-3">
          <Field id={id("currency")} label="Currency" errors={errors.currency}>
            {(control) => (
              <select {...control} value={form.currency} onChange={set("currency")} className="field">
                {Object.keys(supported).map((c) => (
                  <option key={c} value={c}>
                    {assetName(c)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={id("network")} label="Network" errors={errors.network}>
            {(control) => (
              <select {...control} value={form.network} onChange={set("network")} className="field">
                {(supported[form.currency] ?? []).map((n) => (
                  <option key={n}>{n}</option>
                ))}
              </select>
            )}
          </Field>
        </div>
      )}
      <Field
        id={id("address")}
        label="Deposit address"
        errors={errors.address}
        value={form.address}
        onChange={set("address")}
        spellCheck={false}
        className="field font-mono text-sm"
      />
      <Field
        id={id("memo")}
        label="Memo / tag (optional)"
        errors={errors.memo}
        value={form.memo}
        onChange={set("memo")}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:items-end">
        {(["minDeposit", "withdrawFee", "minWithdraw"] as const).map((name) => (
          <Field
            key={name}
            id={id(name)}
            label={{ minDeposit: "Min. deposit", withdrawFee: "Withdrawal fee", minWithdraw: "Min. withdrawal" }[name]}
            errors={errors[name]}
            value={form[name]}
            onChange={set(name)}
            inputMode="decimal"
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-5 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={form.depositEnabled}
            onChange={set("depositEnabled")}
            className="accent-[var(--color-gold)]"
          />{" "}
          Deposits enabled
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={form.withdrawEnabled}
            onChange={set("withdrawEnabled")}
            className="accent-[var(--color-gold)]"
          />{" "}
          Withdrawals enabled
        </label>
      </div>
      <button type="submit" className="btn-gold" disabled={busy} aria-busy={busy}>
        {busy ? "Saving…" : wallet ? "Save" : "Add wallet"}
      </button>
    </form>
  );
}
