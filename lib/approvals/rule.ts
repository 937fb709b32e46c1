import type { z } from "zod";
import type { Db } from "@/db/client";
import type { ChainReserveReading } from "@/lib/chain/reserves";
import type { PaidOnChain } from "@/lib/funding/decide-withdrawal";
import { exact } from "@/lib/core/format";
import { formatAmount } from "@/lib/core/amount";

export interface Actor {
  id: string;
  ip: string | null;
}

/** One line of what a proposal would change, as the checker reads it. */
export interface Change {
  label: string;
  before: string | null;
  after: string | null;
}

/** Why an action needs a second administrator, and what it would do. */
export interface Review<P> {
  summary: string;
  changes: Change[];
  userId?: string | null;
  reason?: string | null;
  /** What the proposal stores and approval runs, when it is not the input as given (fewer fields, a hash). */
  payload?: P;
}

/** What a rule reads from outside the database before the approval's transaction opens. */
export interface Prepared {
  chainReserves?: ChainReserveReading[];
  /** A withdrawal's transaction as the chain showed it (lib/funding/decide-withdrawal). */
  payout?: PaidOnChain;
}

/** Who acts, and when: the clock is passed in so tests can run a day in a second. */
export interface Context {
  actor: Actor;
  now: Date;
  /** What the rule's `prepare` read, when it has one. */
  prepared?: Prepared;
}

/** One kind of action that may need a second administrator. */
export interface Rule<P> {
  /** How the queue names the kind. */
  label: string;
  /** The proposal's payload, checked again when it is approved. */
  payload: z.ZodType<P>;
  /**
   * What the action would do when it needs a second administrator, or null when it may act at
   * once. Input that could never succeed is refused here (the action's own 4xx), not proposed.
   */
  review(tx: Db, payload: P, ctx: Context): Promise<Review<P> | null>;
  /**
   * Set when the action must read one view of the database throughout (a snapshot of the books): the
   * approval's transaction then runs at REPEATABLE READ.
   */
  repeatableRead?: boolean;
  /**
   * Reads what the action needs from outside the database (a chain's node) before the approval's
   * transaction opens: no transaction is held open across the network. Given to `run` as `prepared`.
   */
  prepare?(db: Db, payload: P): Promise<Prepared>;
  /** The action itself, by the approving administrator; what it answers is kept with the proposal. */
  run(tx: Db, payload: P, ctx: Context): Promise<Record<string, unknown>>;
}

/** An amount as the checker reads it: exact, grouped ("5,000.000000"). */
export const shown = (units: bigint, decimals: number) => exact(formatAmount(units, decimals));
