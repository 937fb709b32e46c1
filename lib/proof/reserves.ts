import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { proofReserves, type ProofChainReserve, type ProofReserve, type ProofSnapshot } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { audit } from "@/lib/audit";
import { badRequest, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { assetName, displayDecimal, money } from "@/lib/core/format";
import { AmountError, formatAmount, toUnits } from "@/lib/core/amount";
import { amountString } from "@/lib/ledger/amount-schema";
import { findAsset, listAssets } from "@/lib/ledger/assets";
import { isZero } from "@/lib/ledger/balances";

export const reserveSchema = z
  .object({
    asset: z
      .string({ error: "Choose an asset" })
      .trim()
      .toUpperCase()
      .min(1, "Choose an asset")
      .max(12, "Choose an asset"),
    custodyAddress: z
      .string({ error: "Enter the custody address" })
      .trim()
      .min(1, "Enter the custody address")
      .max(200, "That address is too long"),
    // Zero is a declaration too: an address emptied still belongs in the list until removed.
    amount: amountString,
    checkedAt: z.iso.datetime({
      offset: true,
      error: "checkedAt must be a date and time such as 2026-11-25T08:00:00Z",
    }),
    attestationUrl: z
      .url({ protocol: /^https$/, error: "The attestation link must be an https:// address" })
      .max(500, "The attestation link is too long")
      .nullable()
      .optional(),
  })
  .strict();

export type ReserveInput = z.infer<typeof reserveSchema>;
type Actor = { id: string; ip: string | null };

async function reserveValues(db: Db, input: ReserveInput, now: Date) {
  const asset = await findAsset(db, input.asset);
  const checkedAt = new Date(input.checkedAt);
  if (checkedAt.getTime() > now.getTime() + 5 * 60_000)
    throw badRequest("A check cannot be in the future", { checkedAt: ["A check cannot be in the future"] });
  if (checkedAt.getUTCFullYear() < 2000)
    throw badRequest("That check date is too long ago", { checkedAt: ["That check date is too long ago"] });
  let amount: bigint;
  try {
    amount = toUnits(input.amount, asset.decimals, "exact", assetName(asset.code));
  } catch (err) {
    if (err instanceof AmountError) throw badRequest(err.message, { amount: [err.message] });
    throw err;
  }
  return {
    decimals: asset.decimals,
    asset: asset.code,
    custodyAddress: input.custodyAddress,
    amount,
    checkedAt,
    attestationUrl: input.attestationUrl ?? null,
  };
}

export async function listReserves(db: Db): Promise<ProofReserve[]> {
  return db.select().from(proofReserves).orderBy(asc(proofReserves.asset), asc(proofReserves.createdAt));
}

/** Every declared reserve as the screens and the API show it. */
export async function reserveViews(db: Db) {
  const [rows, assetList] = await Promise.all([listReserves(db), listAssets(db)]);
  const decimals = new Map(assetList.map((a) => [a.code, a.decimals]));
  return rows.map((r) => reserveView(r, decimals.get(r.asset)!));
}

export function reserveView(r: ProofReserve, decimals: number) {
  return {
    id: r.id,
    asset: r.asset,
    custodyAddress: r.custodyAddress,
    amount: formatAmount(r.amount, decimals),
    checkedAt: r.checkedAt.toISOString(),
    attestationUrl: r.attestationUrl,
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type ReserveView = ReturnType<typeof reserveView>;

export async function createReserve(db: Db, input: ReserveInput, actor: Actor, now = new Date()): Promise<ReserveView> {
  const { decimals, ...values } = await reserveValues(db, input, now);
  return runTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(proofReserves)
      .values({ id: newId(), ...values, updatedBy: actor.id })
      .returning();
    await audit(tx, {
      actorId: actor.id,
      action: "proof.reserve.create",
      target: { type: "reserve", id: row!.id },
      detail: { after: { ...values, amount: input.amount, checkedAt: values.checkedAt.toISOString() } },
      ip: actor.ip,
    });
    return reserveView(row!, decimals);
  });
}

export async function updateReserve(
  db: Db,
  id: string,
  input: ReserveInput,
  actor: Actor,
  now = new Date(),
): Promise<ReserveView> {
  const { decimals, ...values } = await reserveValues(db, input, now);
  return runTransaction(db, async (tx) => {
    const [before] = await tx.select().from(proofReserves).where(eq(proofReserves.id, id)).for("update");
    if (!before) throw notFound("Reserve not found");
    const [row] = await tx
      .update(proofReserves)
      .set({ ...values, updatedBy: actor.id, updatedAt: now })
      .where(eq(proofReserves.id, id))
      .returning();
    await audit(tx, {
      actorId: actor.id,
      action: "proof.reserve.update",
      target: { type: "reserve", id },
      detail: { before: { ...before, amount: String(before.amount) }, after: { ...values, amount: input.amount } },
      ip: actor.ip,
    });
    return reserveView(row!, decimals);
  });
}

export async function deleteReserve(db: Db, id: string, actor: Actor): Promise<void> {
  await runTransaction(db, async (tx) => {
    const [gone] = await tx.delete(proofReserves).where(eq(proofReserves.id, id)).returning();
    if (!gone) throw notFound("Reserve not found");
    await audit(tx, {
      actorId: actor.id,
      action: "proof.reserve.delete",
      target: { type: "reserve", id },
      detail: { before: { ...gone, amount: String(gone.amount) } },
      ip: actor.ip,
    });
  });
}

/**
 * Reserves against a snapshot's liabilities, per asset of the snapshot: what the snapshot read on
 * chain (none where no followed chain carries the asset), what administrators declare held off chain,
 * their sum, what is owed, and the ratio in hundredths of a percent. The ratio is null when nothing is
 * owed, and when a chain carrying the asset could not be read: an unread figure is not counted as
 * zero, and a declared one never stands in for it.
 */
export function coverage(
  snapshot: Pick<ProofSnapshot, "assets" | "rootSums">,
  reserves: ProofReserve[],
  onChain: ProofChainReserve[],
) {
  return snapshot.assets.map((a, i) => {
    const owed = BigInt(snapshot.rootSums[i] ?? "0");
    const declaredRows = reserves.filter((r) => r.asset === a.code);
    const declared = declaredRows.reduce((t, r) => t + r.amount, 0n);
    const chainRows = onChain.filter((r) => r.asset === a.code);
    const unavailable = chainRows.some((r) => r.total === null);
    const read = chainRows.reduce((t, r) => t + (r.total ?? 0n), 0n);
    const held = read + declared;
    return {
      asset: a.code,
      liabilities: formatAmount(owed, a.decimals),
      reserves: formatAmount(held, a.decimals),
      declared: declaredRows.length > 0,
      declaredReserves: formatAmount(declared, a.decimals),
      // Null where no followed chain carries the asset; with `onChainUnavailable`, what could not be read.
      onChain: chainRows.length ? formatAmount(read, a.decimals) : null,
      onChainUnavailable: unavailable,
      // Rounded down: coverage is never shown better than it is.
      ratioBps: owed === 0n || unavailable ? null : Number((held * 10_000n) / owed),
    };
  });
}
export type Coverage = ReturnType<typeof coverage>[number];

/** Whether an asset's coverage says anything: held by users, read on chain or declared. */
export const coverageShown = (c: Coverage) => c.declared || c.onChain !== null || !isZero(c.liabilities);

/** The coverage of one asset in words a user understands; ratios are rounded down, never flattering. */
export function coverageText(c: Coverage): string {
  const name = assetName(c.asset);
  if (c.onChainUnavailable)
    return `Aurum's ${name} on chain could not be read when this snapshot was taken, so this page does not compare its ${name} reserves with what it owes.`;
  if (!c.declared && c.onChain === null)
    return `No ${name} reserves have been declared yet, so this page cannot compare them with what Aurum owes.`;
  const parts = [
    ...(c.onChain !== null ? [`${money(c.onChain, c.asset)} read on chain`] : []),
    ...(c.declared ? [`${money(c.declaredReserves, c.asset)} declared`] : []),
  ].join(" and ");
  if (c.ratioBps === null) return `Aurum owes its users no ${name}; it holds ${money(c.reserves, c.asset)} (${parts}).`;
  const per = displayDecimal(formatAmount(BigInt(c.ratioBps), 4).replace(/(\.\d\d)\d*$/, "$1"));
  const verdict = c.ratioBps >= 10_000 ? "at least as much as it owes" : "less than it owes";
  return `For every 1 ${name} Aurum owes its users, it holds ${per} ${name} (${parts}): ${verdict}.`;
}
