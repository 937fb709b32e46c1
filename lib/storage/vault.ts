import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { accounts, entries, journals } from "@/db/schema";
import { formatAmount } from "@/lib/core/amount";
import { decimalString, isoTime } from "@/lib/core/answers";
import { amountString } from "@/lib/ledger/amount-schema";
import { amountIn, BASE, findAsset } from "@/lib/ledger/assets";
import { post } from "@/lib/ledger/post";
import { publish } from "@/lib/realtime/publish";
import { getSettings } from "@/lib/settings";
import { rulesFor } from "@/lib/trading/config";
import { currentQuote } from "@/lib/trading/market";
import { usdtValueOf } from "@/lib/trading/valuation";

export const storageMoveSchema = z.object({ amount: amountString }).strict();

/**
 * Moves XAUT between the user's available balance and the vault (storage), through post(): storing
 * more than is available, or retrieving more than is stored, is refused by the ledger's overdraft
 * check (422) and writes nothing.
 */
/** What storing or retrieving answers beside its message: the amount moved and its journal. */
export const storageMoveAnswerFields = { amount: decimalString, asset: z.string(), journalId: z.uuid() };

export async function moveStorage(tx: Db, userId: string, direction: "store" | "retrieve", amountText: string) {
  const asset = await findAsset(tx, BASE);
  const amount = amountIn(asset, amountText);
  const [from, to] = direction === "store" ? (["spot", "storage"] as const) : (["storage", "spot"] as const);
  const posted = await post(tx, {
    kind: "storage",
    memo: direction === "store" ? "stored in the vault" : "retrieved from the vault",
    legs: [
      { account: { userId, asset: asset.code, kind: from }, amount: -amount },
      { account: { userId, asset: asset.code, kind: to }, amount },
    ],
  });
  await publish(tx, {
    to: { userId },
    event: "balance",
    data: { reason: `storage.${direction}`, journalId: posted.journal.id },
  });
  return { amount: formatAmount(amount, asset.decimals), asset: asset.code, journalId: posted.journal.id };
}

/** The vault as GET /api/storage answers it beside `success`. */
export const storageOverviewSchema = z.object({
  asset: z.string(),
  stored: decimalString,
  /** Null before the feed's first price. */
  valueUsdt: decimalString.nullable(),
  annualRateBps: z.number().int(),
  /** The latest 50 moves and earnings, newest first. */
  history: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["earning", "stored", "retrieved"]),
      amount: decimalString,
      balanceAfter: decimalString.nullable(),
      memo: z.string().nullable(),
      createdAt: isoTime,
    }),
  ),
});

/** The vault as its owner sees it: what is stored, its worth, the rate it earns, and every move and earning. */
export async function storageOverview(db: Db, userId: string): Promise<z.infer<typeof storageOverviewSchema>> {
  const asset = await findAsset(db, BASE);
  const [vault] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.kind, "storage"), eq(accounts.asset, asset.code)));
  const stored = vault?.balance ?? 0n;
  const [{ storage }, { effective }] = await Promise.all([getSettings(db), rulesFor(db, userId)]);
  const value = usdtValueOf(asset.code, asset.decimals, stored, await currentQuote(db, effective.spreadBps));
  const history = vault
    ? await db
        .select({
          id: entries.id,
          kind: journals.kind,
          amount: entries.amount,
          balanceAfter: entries.balanceAfter,
          memo: journals.memo,
          createdAt: entries.createdAt,
        })
        .from(entries)
        .innerJoin(journals, eq(journals.id, entries.journalId))
        .where(and(eq(entries.accountId, vault.id), inArray(journals.kind, ["storage", "interest"])))
        .orderBy(desc(entries.id))
        .limit(50)
    : [];
  return {
    asset: asset.code,
    stored: formatAmount(stored, asset.decimals),
    valueUsdt: value === null ? null : formatAmount(value, 6),
    annualRateBps: storage.annualRateBps,
    history: history.map((h) => ({
      id: String(h.id),
      kind: h.kind === "interest" ? "earning" : h.amount > 0n ? "stored" : "retrieved",
      amount: formatAmount(h.amount, asset.decimals),
      balanceAfter: h.balanceAfter === null ? null : formatAmount(h.balanceAfter, asset.decimals),
      memo: h.memo,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}
