"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Result, ResultLine } from "@/components/result-line";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { displaySetting, plainAmount } from "@/lib/core/format";
import type { Settings } from "@/lib/settings/schema";

type Section = "trading" | "withdrawals" | "storage" | "referral" | "approvals";
type Field = { section: Section; key: string; label: string; kind: "bps" | "decimal" | "toggle" };

const FIELDS: Field[] = [
  { section: "trading", key: "enabled", label: "Trading enabled", kind: "toggle" },
  { section: "trading", key: "feeBps", label: "Trading fee (basis points)", kind: "bps" },
  { section: "trading", key: "spreadBps", label: "Spread (basis points)", kind: "bps" },
  { section: "trading", key: "minQuantity", label: "Minimum order (XAUt)", kind: "decimal" },
  { section: "trading", key: "maxQuantity", label: "Maximum order (XAUt)", kind: "decimal" },
  { section: "trading", key: "dailyLimit", label: "Daily trading limit per user (USDT)", kind: "decimal" },
  { section: "withdrawals", key: "enabled", label: "Withdrawals enabled", kind: "toggle" },
  { section: "withdrawals", key: "minAmount", label: "Minimum withdrawal (USDT)", kind: "decimal" },
  { section: "withdrawals", key: "fee", label: "Withdrawal fee (USDT)", kind: "decimal" },
  { section: "withdrawals", key: "dailyLimit", label: "Daily withdrawal limit (USDT)", kind: "decimal" },
  { section: "storage", key: "annualRateBps", label: "Vault storage rate (basis points a year)", kind: "bps" },
  { section: "referral", key: "rewardUsdt", label: "Referral reward (USDT)", kind: "decimal" },
  { section: "approvals", key: "thresholdUsdt", label: "Second administrator needed from (USDT)", kind: "decimal" },
];

type Sections = Pick<Settings, Section>;

/** Each amount of the sections as people read and type it (grouped, or plain for the API), the rest as it is. */
function amounts(sections: Sections, as: (value: string) => string): Sections {
  const out = structuredClone(sections) as unknown as Record<Section, Record<string, unknown>>;
  for (const f of FIELDS) if (f.kind === "decimal") out[f.section][f.key] = as(String(out[f.section][f.key]));
  return out as unknown as Sections;
}

const TITLES: Record<Section, string> = {
  trading: "Trading defaults",
  withdrawals: "Withdrawals",
  storage: "Storage",
  referral: "Referrals",
  approvals: "Approvals",
};

export function SettingsForm({ initial }: { initial: Settings }) {
  const router = useRouter();
  const [site, setSite] = useState({
    siteName: initial.siteName,
    supportUrl: initial.supportUrl ?? "",
    registrationOpen: initial.registrationOpen,
  });
  const [sections, setSections] = useState(() =>
    amounts(
      {
        trading: initial.trading,
        withdrawals: initial.withdrawals,
        storage: initial.storage,
        referral: initial.referral,
        approvals: initial.approvals,
      },
      displaySetting,
    ),
  );
  const [linkHosts, setLinkHosts] = useState(initial.support.allowedLinkHosts.split(", ").filter(Boolean).join("\n"));
  const [chainTokens, setChainTokens] = useState(initial.chain.tokens.split(", ").filter(Boolean).join("\n"));
  const [explorers, setExplorers] = useState(initial.chain.explorers.split(", ").filter(Boolean).join("\n"));
  const [custody, setCustody] = useState(initial.chain.custody.split(", ").filter(Boolean).join("\n"));
  const [result, setResult] = useState<Result>(null);
  const { busy, run } = useSubmit(() => setResult({ ok: false, text: "Saving did not complete. Please try again." }));

  const setField = (f: Field, value: string | boolean) =>
    setSections((s) => ({
      ...s,
      [f.section]: { ...s[f.section], [f.key]: f.kind === "bps" ? (value === "" ? "" : Number(value)) : value },
    }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void run(async () => {
      const { body } = await api<Answer>("/api/settings/config", {
        method: "PUT",
        body: JSON.stringify({
          ...site,
          supportUrl: site.supportUrl.trim() || null,
          ...amounts(sections, plainAmount),
          support: {
            allowedLinkHosts: linkHosts
              .split(/[\s,]+/)
              .filter(Boolean)
              .join(", "),
          },
          chain: {
            tokens: chainTokens
              .split(/[\s,]+/)
              .filter(Boolean)
              .join(", "),
            explorers: explorers
              .split(/[\s,]+/)
              .filter(Boolean)
              .join(", "),
            custody: custody
              .split(/[\s,]+/)
              .filter(Boolean)
              .join(", "),
          },
        }),
      });
      setResult({ ok: body.success, text: body.message });
      if (body.success) router.refresh();
    });
  }

  return (
    <form onSubmit={submit} className="space-y-6" aria-label="Site settings">
      <fieldset className="card space-y-3">
        <legend className="font-semibold">Site</legend>
        <div>
          <label htmlFor="siteName" className="label">
            Site name
          </label>
          <input
            id="siteName"
            value={site.siteName}
            onChange={(e) => setSite({ ...site, siteName: e.target.value })}
            maxLength={60}
            className="field"
          />
        </div>
        <div>
          <label htmlFor="supportUrl" className="label">
            Customer Service link (https:// or mailto:)
          </label>
          <input
            id="supportUrl"
            value={site.supportUrl}
            onChange={(e) => setSite({ ...site, supportUrl: e.target.value })}
            placeholder="https://support.example.com"
            className="field"
          />
        </div>
        <div>
          <label htmlFor="allowedLinkHosts" className="label">
            Hosts support replies may link to, besides this site (one per line)
          </label>
          <textarea
            id="allowedLinkHosts"
            rows={3}
            value={linkHosts}
            onChange={(e) => setLinkHosts(e.target.value)}
            placeholder="docs.example.com"
            className="field resize-y font-mono text-sm"
            aria-describedby="allowedLinkHosts-hint"
          />
          <p id="allowedLinkHosts-hint" className="mt-1 text-xs text-muted">
            A reply or note linking anywhere else is refused, so nothing written as Aurum support can lead a user to a
            look-alike site. A change waits for a second administrator.
          </p>
        </div>
        <div>
          <label htmlFor="chainTokens" className="label">
            Token contracts replacing the environment&apos;s, one per line (chain:ASSET=address)
          </label>
          <textarea
            id="chainTokens"
            rows={2}
            value={chainTokens}
            onChange={(e) => setChainTokens(e.target.value)}
            placeholder="ethereum:USDT=0xdAC17F958D2ee523a2206206994597C13D831ec7"
            className="field resize-y font-mono text-sm"
            aria-describedby="chainTokens-hint"
          />
          <p id="chainTokens-hint" className="mt-1 text-xs text-muted">
            Deposits of that asset are credited from Transfers of this contract only, so a wrong one credits worthless
            tokens. A change waits for a second administrator.
          </p>
        </div>
        <div>
          <label htmlFor="chainExplorers" className="label">
            Block explorer transaction links, one per line (NETWORK=https://…{"{hash}"})
          </label>
          <textarea
            id="chainExplorers"
            rows={3}
            value={explorers}
            onChange={(e) => setExplorers(e.target.value)}
            placeholder="ERC20=https://etherscan.io/tx/{hash}"
            className="field resize-y font-mono text-sm"
            aria-describedby="chainExplorers-hint"
          />
          <p id="chainExplorers-hint" className="mt-1 text-xs text-muted">
            Users follow these links from their chain deposits and sent withdrawals to check them, so each must be an
            https address with {"{hash}"} where the transaction hash goes. A change waits for a second administrator.
          </p>
        </div>
        <div>
          <label htmlFor="chainCustody" className="label">
            More custody addresses, one per line (NETWORK=0x…)
          </label>
          <textarea
            id="chainCustody"
            rows={3}
            value={custody}
            onChange={(e) => setCustody(e.target.value)}
            placeholder="ERC20=0x52908400098527886E0F7030069857D2E4169EE7"
            className="field resize-y font-mono text-sm"
            aria-describedby="chainCustody-hint"
          />
          <p id="chainCustody-hint" className="mt-1 text-xs text-muted">
            Besides each wallet&apos;s address: withdrawals on a followed chain are accepted only when paid from one of
            these, and proof of reserves reads them all (networks ERC20, BEP20, ETH). A change waits for a second
            administrator.
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={site.registrationOpen}
            onChange={(e) => setSite({ ...site, registrationOpen: e.target.checked })}
            className="h-4 w-4 accent-gold"
          />
          Registration open
        </label>
      </fieldset>
      <p className="text-sm text-muted" data-testid="settings-four-eyes">
        Fees, spread, limits, rates, the referral reward and the approval threshold, and switching trading or
        withdrawals on, wait for a second administrator (one proposal of the fields you changed); the site&apos;s name,
        link and sign-up, and switching trading or withdrawals off, are saved at once.
      </p>
      {(Object.keys(TITLES) as Section[]).map((section) => (
        <fieldset key={section} className="card grid grid-cols-1 gap-3 sm:grid-cols-2">
          <legend className="font-semibold">{TITLES[section]}</legend>
          {FIELDS.filter((f) => f.section === section).map((f) => {
            const id = `${f.section}-${f.key}`;
            const value = (sections[section] as Record<string, string | number | boolean>)[f.key];
            return f.kind === "toggle" ? (
              <label key={id} className="flex items-center gap-2 text-sm sm:col-span-2">
                <input
                  type="checkbox"
                  checked={Boolean(value)}
                  onChange={(e) => setField(f, e.target.checked)}
                  className="h-4 w-4 accent-gold"
                />
                {f.label}
              </label>
            ) : (
              <div key={id}>
                <label htmlFor={id} className="label">
                  {f.label}
                </label>
                <input
                  id={id}
                  inputMode={f.kind === "bps" ? "numeric" : "decimal"}
                  value={String(value)}
                  onChange={(e) => setField(f, e.target.value)}
                  className="field text-right tabular-nums"
                />
              </div>
            );
          })}
        </fieldset>
      ))}
      <div className="flex items-center gap-4">
        <button type="submit" className="btn-gold w-auto" disabled={busy}>
          {busy ? "Saving…" : "Save settings"}
        </button>
        <ResultLine result={result} testId="settings-result" />
      </div>
    </form>
  );
}
