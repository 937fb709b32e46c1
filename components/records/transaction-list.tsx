"use client";

import Link from "next/link";
import { useState } from "react";
import { Amount } from "@/components/amount";
import { assetName } from "@/lib/core/format";
import { ACCOUNT_LABELS, journalLabel } from "@/lib/ledger/kinds";
import type { Transaction, TransactionLeg } from "@/lib/ledger/transactions";
import { Time } from "@/components/time";

const balanceName = (account: string) => ACCOUNT_LABELS[account as keyof typeof ACCOUNT_LABELS] ?? account;

/** An amount and its asset in two parts, so amounts line up on their last digit whatever the asset. */
function Change({ amount, asset, signed = true }: { amount: string; asset: string; signed?: boolean }) {
  return (
    <span className="flex items-baseline justify-end gap-1.5 whitespace-nowrap">
      <Amount value={amount} asset={asset} named={false} signed={signed} className="font-medium" />
      <span className="w-10 text-left text-xs text-muted">{assetName(asset)}</span>
    </span>
  );
}

/**
 * What a transaction did to the user's money: per asset what it added or took, or for money it only
 * moved between their balances (a hold, the vault, savings), how much and where to, unsigned.
 */
function Effects({ t }: { t: Transaction }) {
  return (
    <div className="space-y-0.5" data-testid="change">
      {t.net.map((n) => (
        <Change key={n.asset} amount={n.amount} asset={n.asset} />
      ))}
      {t.moved.map((m) => (
        <div key={m.asset} className="text-right">
          <Change amount={m.amount} asset={m.asset} signed={false} />
          <span className="block text-xs text-muted">
            <span className="sr-only">moved </span>to {balanceName(m.to)}
          </span>
        </div>
      ))}
    </div>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`h-4 w-4 shrink-0 text-muted transition-transform ${open ? "rotate-180" : ""}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="m5 8 5 5 5-5" />
    </svg>
  );
}

/**
 * The disclosure of a transaction, named by its title; its ::after spreads over the whole row (the
 * nearest positioned box) so the row is one target, while the legs' own links stay clickable.
 */
function Disclosure({
  t,
  open,
  controls,
  onToggle,
  chevron = false,
}: {
  t: Transaction;
  open: boolean;
  controls: string;
  onToggle: () => void;
  chevron?: boolean;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="flex items-center gap-1.5 text-left font-medium after:absolute after:inset-0 after:content-[''] hover:text-gold-soft focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-gold"
    >
      {chevron && <Chevron open={open} />}
      {t.title}
    </button>
  );
}

const legName = (leg: TransactionLeg) => `${balanceName(leg.account)}${leg.label ? ` · ${leg.label}` : ""}`;

function More({ t }: { t: Transaction }) {
  if (!t.detail && !t.link) return null;
  return (
    <p className="text-xs text-zinc-400">
      {t.detail}
      {t.detail && t.link && " · "}
      {t.link && (
        <Link href={t.link.href} className="text-gold underline hover:text-gold-soft">
          {t.link.label}
        </Link>
      )}
    </p>
  );
}

/** The legs on a phone: each balance changed, by how much, and what it held after. */
function LegList({ t, id }: { t: Transaction; id: string }) {
  return (
    <div id={id} className="space-y-2 border-t border-line/60 bg-raised/40 px-4 py-3" data-testid="legs">
      <ul aria-label={`Entries of ${t.title}`} className="space-y-2">
        {t.legs.map((leg) => (
          <li key={leg.id} className="flex items-start justify-between gap-3 text-sm" data-testid="leg">
            <span className="text-zinc-300">{legName(leg)}</span>
            <span className="text-right">
              <Change amount={leg.amount} asset={leg.asset} />
              <span className="block whitespace-nowrap text-xs text-muted tabular-nums">
                Balance <Amount value={leg.balanceAfter} asset={leg.asset} named={false} />
              </span>
            </span>
          </li>
        ))}
      </ul>
      <More t={t} />
    </div>
  );
}

/**
 * The legs on a wide screen: a table of their own, numbers in aligned columns, the change last so it
 * lines up with the transaction's own change above it.
 */
function LegTable({ t }: { t: Transaction }) {
  return (
    <div className="space-y-2" data-testid="legs">
      <table className="data-table" aria-label={`Entries of ${t.title}`}>
        <thead>
          <tr className="text-xs">
            <th scope="col" className="w-1/4">
              Balance
            </th>
            <th scope="col">Entry</th>
            <th scope="col" className="w-48 text-right">
              Balance after
            </th>
            <th scope="col" className="w-48 text-right">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {t.legs.map((leg) => (
            <tr key={leg.id} data-testid="leg">
              <td>{balanceName(leg.account)}</td>
              <td className="text-muted">{leg.label ?? journalLabel(t.kind)}</td>
              <td className="whitespace-nowrap text-right tabular-nums text-zinc-300">
                <Amount value={leg.balanceAfter} asset={leg.asset} named={false} />{" "}
                <span className="inline-block w-10 text-left text-xs text-muted">{assetName(leg.asset)}</span>
              </td>
              <td>
                <Change amount={leg.amount} asset={leg.asset} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <More t={t} />
    </div>
  );
}

/**
 * Records as transactions: one row per journal with its title, time and net effect, opening to its
 * legs. A list on a phone; from 1024 px a table whose amounts share one right-aligned column. Both
 * are rendered and one is shown, so the open rows survive a resize.
 */
export function TransactionList({
  transactions,
  empty,
  label = "Transactions",
}: {
  transactions: Transaction[];
  empty: string;
  label?: string;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (transactions.length === 0) return <p className="card py-10 text-center text-sm text-muted">{empty}</p>;

  return (
    <>
      <ul className="card divide-y divide-line p-0 lg:hidden" aria-label={label}>
        {transactions.map((t) => (
          <li key={t.id} data-testid="transaction" data-hold={t.hold || undefined}>
            <div className="relative flex items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <Disclosure t={t} open={open.has(t.id)} controls={`legs-m-${t.id}`} onToggle={() => toggle(t.id)} />
                <p className="text-xs text-muted">
                  {journalLabel(t.kind)}
                  {t.hold && " · hold"} · <Time at={t.createdAt} />
                </p>
                {t.detail && <p className="truncate text-xs text-zinc-400">{t.detail}</p>}
              </div>
              <div className="flex shrink-0 items-start gap-2 text-sm">
                <Effects t={t} />
                <span className="mt-0.5">
                  <Chevron open={open.has(t.id)} />
                </span>
              </div>
            </div>
            <div hidden={!open.has(t.id)}>
              <LegList t={t} id={`legs-m-${t.id}`} />
            </div>
          </li>
        ))}
      </ul>

      <div className="card table-scroll hidden p-0 lg:block">
        <table className="data-table" aria-label={label}>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="pl-4">
                Time
              </th>
              <th scope="col">Transaction</th>
              <th scope="col">Type</th>
              <th scope="col" className="pr-4 text-right">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((t) => (
              <TableRows key={t.id} t={t} open={open.has(t.id)} onToggle={() => toggle(t.id)} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function TableRows({ t, open, onToggle }: { t: Transaction; open: boolean; onToggle: () => void }) {
  return (
    <>
      <tr
        className="relative border-t border-line align-top first:border-t-0 hover:bg-raised/40"
        data-testid="transaction"
        data-hold={t.hold || undefined}
      >
        <td className="whitespace-nowrap pl-4 text-muted tabular-nums">
          <Time at={t.createdAt} />
        </td>
        {/* Takes the width the time, type and change leave (w-full with max-w-0), so a long detail is cut
            short here and never pushes the change column out of a narrow box (Home's activity). */}
        <td className="w-full max-w-0">
          <Disclosure t={t} open={open} controls={`legs-d-${t.id}`} onToggle={onToggle} chevron />
          {t.detail && (
            <p className="truncate pl-5.5 text-xs text-zinc-400" title={t.detail}>
              {t.detail}
            </p>
          )}
        </td>
        <td className="whitespace-nowrap text-muted">
          {journalLabel(t.kind)}
          {t.hold && " · hold"}
        </td>
        <td className="pr-4">
          <Effects t={t} />
        </td>
      </tr>
      <tr id={`legs-d-${t.id}`} hidden={!open} className="bg-raised/40">
        <td colSpan={4} className="px-4 pb-3 pt-1">
          <LegTable t={t} />
        </td>
      </tr>
    </>
  );
}
