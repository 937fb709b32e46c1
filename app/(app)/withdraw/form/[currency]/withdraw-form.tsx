"use client";

import { assetName, money, plainAmount } from "@/lib/core/format";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Amount } from "@/components/amount";
import { DetailList } from "@/components/detail-list";
import { Field } from "@/components/field";
import { MaxButton } from "@/components/max-button";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { useNotificationHold } from "@/components/notification-center";
import { useHydrated } from "@/components/hooks/hydrated";
import { api } from "@/components/hooks/session";
import { type Answer, LEAVING, useSubmit } from "@/components/hooks/use-submit";
import { AmountError, formatAmount, parseAmount, toUnits } from "@/lib/core/amount";
import type { FundingNetwork } from "@/db/schema";
import { ADDRESS_PROBLEM_TEXT, addressProblem } from "@/lib/funding/networks";
import { withdrawMax } from "@/lib/ledger/max-amount";

interface NetworkOption {
  network: FundingNetwork;
  networkName: string;
  fee: string;
  minWithdraw: string;
}

const newKey = () => `withdraw-${crypto.randomUUID()}`;

/**
 * Network, address, amount and withdrawal password (and, with two-factor on, a code from the app);
 * then a review of what leaves and what arrives, then the request.
 */
export function WithdrawForm({
  currency,
  decimals,
  available,
  networks,
  twoFactor = false,
}: {
  currency: string;
  decimals: number;
  available: string;
  networks: NetworkOption[];
  twoFactor?: boolean;
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const toast = useToast();
  const [form, setForm] = useState({
    network: networks.length === 1 ? networks[0]!.network : "",
    address: "",
    amount: "",
    withdrawPassword: "",
    twoFactorCode: "",
  });
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("The withdrawal did not complete. Submitting again is safe: it will not be held twice.", "error"),
  );
  const [reviewing, setReviewing] = useState(false);
  useNotificationHold(reviewing);
  // One key per intended withdrawal: a retry after a lost answer cannot hold the money twice.
  const key = useRef(newKey());
  const option = networks.find((n) => n.network === form.network);

  const set = (name: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [name]: e.target.value }));
    setReviewing(false);
    if (name !== "withdrawPassword" && name !== "twoFactorCode") key.current = newKey();
  };

  /** What review shows, checked as the server checks it, or the first thing to fix. */
  function review(): { ok: true; amount: bigint; fee: bigint } | { ok: false; errors: Record<string, string[]> } {
    const refuse = (field: string, message: string) => ({ ok: false as const, errors: { [field]: [message] } });
    if (!option) return refuse("network", "Choose a network");
    if (!form.address.trim()) return refuse("address", "Enter the address to send to");
    // The server's own check, so a mistyped checksum never reaches the review.
    const problem = addressProblem(option.network, form.address.trim());
    if (problem) return refuse("address", ADDRESS_PROBLEM_TEXT[problem]);
    let amount: bigint;
    try {
      amount = parseAmount(plainAmount(form.amount), decimals, currency);
    } catch (err) {
      return refuse("amount", err instanceof AmountError ? err.message : "Enter an amount");
    }
    const fee = toUnits(option.fee, decimals);
    if (amount < toUnits(option.minWithdraw, decimals))
      return refuse("amount", `The minimum is ${money(option.minWithdraw, currency)}`);
    if (amount + fee > toUnits(available, decimals))
      return refuse(
        "amount",
        `With the ${money(option.fee, currency)} fee, that is more than your ${money(available, currency)} available`,
      );
    if (!form.withdrawPassword) return refuse("withdrawPassword", "Enter your withdrawal password");
    if (twoFactor && !form.twoFactorCode.trim())
      return refuse("twoFactorCode", "Enter the 6-digit code from your authenticator app");
    return { ok: true, amount, fee };
  }

  const checked = review();
  // The most to receive on the chosen network: its fee is taken on top.
  const most = option
    ? withdrawMax({
        available: toUnits(available, decimals),
        fee: toUnits(option.fee, decimals),
        min: toUnits(option.minWithdraw, decimals),
      })
    : null;
  const setAmount = (amount: string) => {
    setForm((f) => ({ ...f, amount }));
    setReviewing(false);
    key.current = newKey();
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (!reviewing) {
      setErrors({});
      setReviewing(true);
      return;
    }
    void run(async () => {
      const { body } = await api<Answer>("/api/withdrawals", {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: JSON.stringify({
          currency,
          ...form,
          address: form.address.trim(),
          amount: plainAmount(form.amount),
          twoFactorCode: twoFactor ? form.twoFactorCode.trim() : undefined,
        }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        router.push("/withdraw");
        router.refresh();
        return LEAVING;
      }
      setErrors(body.errors ?? {});
      setReviewing(false);
      // A code is good once: a refused request leaves the field empty for the next one.
      setForm((f) => ({ ...f, twoFactorCode: "" }));
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-4" noValidate>
      <p className="text-sm text-muted">
        Available: <Amount value={available} asset={currency} />
      </p>
      <fieldset className="space-y-2">
        <legend className="label">Network</legend>
        {networks.map((n) => (
          <label
            key={n.network}
            className={`flex cursor-pointer items-center justify-between rounded-lg border px-3 py-2.5 text-sm ${form.network === n.network ? "border-gold text-gold-soft" : "border-line"}`}
          >
            <span>
              <input
                type="radio"
                name="network"
                value={n.network}
                checked={form.network === n.network}
                onChange={set("network")}
                className="mr-2 accent-[var(--color-gold)]"
              />
              {n.networkName}
            </span>
            <span className="text-xs text-muted">
              fee {money(n.fee, currency)} · min {money(n.minWithdraw, currency)}
            </span>
          </label>
        ))}
        <FieldError id="network-error" messages={errors.network} />
      </fieldset>
      <Field
        id="address"
        label="Address"
        hint={`Paste it from the receiving wallet: it is checked for ${option?.networkName ?? "the network"}, checksum included.`}
        errors={errors.address}
        value={form.address}
        onChange={set("address")}
        autoComplete="off"
        spellCheck={false}
        className="field font-mono text-sm"
      />
      <Field
        id="amount"
        label={`Amount to receive (${assetName(currency)})`}
        hint={
          option
            ? `The ${money(option.fee, currency)} fee is taken on top; at least ${money(option.minWithdraw, currency)}.`
            : undefined
        }
        errors={errors.amount}
      >
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              value={form.amount}
              onChange={set("amount")}
              inputMode="decimal"
              autoComplete="off"
              className="field min-w-0 flex-1 text-right tabular-nums"
            />
            <MaxButton
              value={most === null ? null : formatAmount(most, decimals)}
              asset={currency}
              onMax={setAmount}
              why={option ? "Less than the minimum is left after the fee" : "Choose a network first"}
            />
          </div>
        )}
      </Field>
      <Field
        id="withdrawPassword"
        label="Withdrawal password"
        errors={errors.withdrawPassword}
        type="password"
        value={form.withdrawPassword}
        onChange={set("withdrawPassword")}
        autoComplete="off"
      />
      {twoFactor && (
        <Field
          id="twoFactorCode"
          label="Two-factor code"
          hint="The 6-digit code from your authenticator app, or a recovery code."
          errors={errors.twoFactorCode}
          value={form.twoFactorCode}
          onChange={set("twoFactorCode")}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          className="field font-mono"
        />
      )}
      {reviewing && checked.ok && option && (
        <section
          aria-labelledby="review-heading"
          className="rounded-lg border border-gold/40 p-3"
          data-testid="withdraw-review"
        >
          <h2 id="review-heading" className="mb-1 font-semibold">
            Review
          </h2>
          <DetailList
            items={[
              [
                "Arrives at the address",
                <Amount key="a" exact value={formatAmount(checked.amount, decimals)} asset={currency} />,
              ],
              ["Network fee", <Amount key="f" exact value={formatAmount(checked.fee, decimals)} asset={currency} />],
              [
                "Taken from your balance",
                <Amount key="t" exact value={formatAmount(checked.amount + checked.fee, decimals)} asset={currency} />,
              ],
              ["Network", option.networkName],
              [
                "To",
                <span key="to" className="break-all font-mono text-xs">
                  {form.address.trim()}
                </span>,
              ],
            ]}
          />
          <p className="mt-2 text-xs text-muted">
            The total is held at once and sent by our team, usually within a day. You can cancel while it is pending.
          </p>
        </section>
      )}
      {/* Not before hydration: the browser would send the form itself, a GET that reloads the page and drops what was typed. */}
      <button type="submit" className="btn-gold" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Requesting…" : reviewing ? "Confirm withdrawal" : "Review"}
      </button>
    </form>
  );
}
