import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { conflict, notFound } from "@/lib/core/errors";

/** A request an administrator (or its owner) decides once: deposits and withdrawals. */
type Decidable = PgTable & { id: PgColumn; status: PgColumn; userId: PgColumn; decidedAt: PgColumn };

export interface Move<T extends Decidable> {
  /** What the row is called in a refusal: "deposit", "withdrawal". */
  noun: string;
  id: string;
  from: T["$inferSelect"]["status"];
  /** The new status and whatever is decided with it (who, why, the transaction hash). */
  set: Partial<T["$inferInsert"]> & { status: T["$inferSelect"]["status"] };
  /** Only this user's row: anyone else's answers as if it did not exist (404). */
  owner?: string;
  at?: Date;
}

/**
 * Moves one row from status `from` to `set.status` exactly once, then runs its effects (postings,
 * audit, notifications) in the same transaction, so they commit with the decision or not at all.
 * The move is one conditional UPDATE (`… where status = from`): of two callers at once exactly one
 * wins, and only the winner runs the effects; the other, and any later caller, gets a 409 naming
 * the status it found. Check the input before calling: nothing here may be refused after the write.
 */
export async function transitionOnce<T extends Decidable, R>(
  tx: Db,
  table: T,
  move: Move<T>,
  effects: (row: T["$inferSelect"]) => Promise<R>,
): Promise<R> {
  const mine = move.owner === undefined ? undefined : eq(table.userId, move.owner);
  const values = { ...move.set, decidedAt: move.at ?? new Date() };
  const moved = (await tx
    .update(table)
    .set(values as never)
    .where(and(eq(table.id, move.id), eq(table.status, move.from), mine))
    .returning()) as T["$inferSelect"][];
  const [row] = moved;
  if (row) return effects(row);
  const [existing] = (await tx
    .select({ status: table.status })
    .from(table as PgTable)
    .where(and(eq(table.id, move.id), mine))) as { status: string }[];
  if (!existing) throw notFound(`${capitalised(move.noun)} not found`);
  throw conflict(`This ${move.noun} was already ${existing.status}`, "ALREADY_DECIDED");
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
