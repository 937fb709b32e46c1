"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Result, ResultLine } from "@/components/result-line";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import type { getTradeConfig } from "@/lib/trading/trade-config";
import { DataTable } from "@/components/data-table";
import { Time } from "@/components/time";
import { exact, plainAmount } from "@/lib/core/format";

type Config = Awaited<ReturnType<typeof getTradeConfig>>;
type NumberKey = "feeBps" | "spreadBps" | "minQuantity" | "maxQuantity" | "dailyLimit";

const FIELDS: { key: NumberKey; label: string; kind: "bps" | "decimal" }[] = [
  { key: "feeBps", label: "Fee (basis points)", kind: "bps" },
  { key: "spreadBps", label: "Spread (basis points)", kind: "bps" },
  { key: "minQuantity", label: "Minimum order (XAUt)", kind: "decimal" },
  { key: "maxQuantity", label: "Maximum order (XAUt)", kind: "decimal" },
  { key: "dailyLimit", label: "Daily limit (USDT notional)", kind: "decimal" },
];

const onOff = (v: boolean) => (v ? "On" : "Off");
// Quantities and limits grouped with every decimal kept, as set; basis points as they are.
const shown = (v: string | number) => (typeof v === "string" ? exact(v) : String(v));

function initialForm(config: Config) {
  const o = config.overrides;
  return {
    enabled: o?.enabled === null || o?.enabled === undefined ? "" : String(o.enabled),
    ...Object.fromEntries(
      FIELDS.map((f) => [f.key, o?.[f.key] === null || o?.[f.key] === undefined ? "" : shown(o[f.key]!)]),
    ),
  } as Record<NumberKey | "enabled", string>;
}

/** Per-user overrides of the site's trading defaults: blank means "use the default". */
export function TradeConfigForm({ userId, config }: { userId: string; config: Config }) {
  const router = useRouter();
  const [form, setForm] = useState(() => initialForm(config));
  const [result, setResult] = useState<Result>(null);
  const { busy, run } = useSubmit(() => setResult({ ok: false, text: "Saving did not complete. Please try again." }));

  const send = (method: "PUT" | "DELETE") =>
    run(async () => {
      const body =
        method === "PUT"
          ? JSON.stringify({
              enabled: form.enabled === "" ? null : form.enabled === "true",
              ...Object.fromEntries(
                FIELDS.map((f) => [
                  f.key,
                  form[f.key].trim() === "" ? null : f.kind === "bps" ? Number(form[f.key]) : plainAmount(form[f.key]),
                ]),
              ),
            })
          : undefined;
      const res = await api<Config & Answer>(`/api/admin/users/${userId}/trade-config`, { method, body });
      setResult({ ok: res.body.success, text: res.body.message });
      if (res.body.success) {
        setForm(initialForm(res.body));
        router.refresh();
      }
    });

  return (
    <form
      className="card space-y-3"
      aria-labelledby="trade-config-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void send("PUT");
      }}
    >
      <div className="flex items-baseline justify-between">
        <h2 id="trade-config-heading" className="font-semibold">
          Trade config
        </h2>
        <p className="text-xs text-muted">
          {config.overrides ? (
            <>Overrides saved {config.updatedAt && <Time at={config.updatedAt} />}</>
          ) : (
            "Site defaults apply"
          )}
        </p>
      </div>
      <DataTable
        label="Trade config"
        rows={[{ key: "enabled", label: "Trading" } as const, ...FIELDS]}
        rowKey={(r) => r.key}
        columns={[
          {
            label: "Setting",
            rowHeader: true,
            className: "font-normal",
            cell: (r) => <label htmlFor={`tc-${r.key}`}>{r.label}</label>,
          },
          {
            label: "Site default",
            numeric: true,
            cell: (r) => (r.key === "enabled" ? onOff(config.defaults.enabled) : shown(config.defaults[r.key])),
          },
          {
            label: "Override (blank: default)",
            stacked: true,
            cell: (r) =>
              r.key === "enabled" ? (
                <select
                  id="tc-enabled"
                  className="field py-1.5"
                  value={form.enabled}
                  onChange={(e) => setForm({ ...form, enabled: e.target.value })}
                >
                  <option value="">Default</option>
                  <option value="true">On</option>
                  <option value="false">Off</option>
                </select>
              ) : (
                <input
                  id={`tc-${r.key}`}
                  inputMode={r.kind === "bps" ? "numeric" : "decimal"}
                  autoComplete="off"
                  className="field py-1.5 text-right tabular-nums"
                  value={form[r.key]}
                  placeholder={shown(config.defaults[r.key])}
                  onChange={(e) => setForm({ ...form, [r.key]: e.target.value })}
                />
              ),
          },
          {
            label: "In force",
            numeric: true,
            cell: (r) => (
              <span data-testid={`tc-effective-${r.key}`}>
                {r.key === "enabled" ? onOff(config.effective.enabled) : shown(config.effective[r.key])}
              </span>
            ),
          },
        ]}
      />
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-gold w-auto" disabled={busy}>
          {busy ? "Saving…" : "Save trade config"}
        </button>
        {config.overrides && (
          <button type="button" className="btn-ghost" disabled={busy} onClick={() => void send("DELETE")}>
            Reset to site defaults
          </button>
        )}
        <ResultLine result={result} testId="trade-config-result" />
      </div>
    </form>
  );
}
