import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isTransaction, runTransaction } from "@/db/transaction";
import {
  accounts,
  entries,
  journals,
  type Account,
  type Entry,
  type Journal,
  type SystemAccountKind,
  type UserAccountKind,
} from "@/db/schema";
import { assetName } from "@/lib/format";
import { AppError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";

/** A user's account of a kind, a strategy's reserve (one per strategy and asset), or a system account. */
export type AccountRef =
  | { userId: string; asset: string; kind: Exclude<UserAccountKind, "reserve"> }
  | { userId: string; asset: string; kind: "reserve"; strategyId: string }
  | { system: SystemAccountKind; asset: string };

export interface Leg {
  account: AccountRef;
  /** Signed smallest units: positive adds to the account, negative takes from it. */
  amount: bigint;
  /** Names the entry in the owner's records where the journal's kind alone does not (e.g. "Fee"). */
  label?: string;
}

export interface JournalInput {
  kind: string;
  legs: Leg[];
  reference?: string | null;
  memo?: string | null;
  actorId?: string | null;
}

export interface Posted {
  journal: Journal;
  entries: Entry[];
  /** New balances of the user accounts the journal touched, by account id. */
  balances: Map<string, bigint>;
}

export const insufficientFunds = (asset: string) =>
  new AppError(422, "INSUFFICIENT_FUNDS", `Insufficient ${assetName(asset)} balance`);

const strategyOf = (ref: AccountRef) => ("strategyId" in ref ? ref.strategyId : null);
const key = (owner: string, kind: string, asset: string, strategyId: string | null) => `${owner}:${kind}:${asset}${strategyId ? `:${strategyId}` : ""}`;
const refKey = (ref: AccountRef) => ("system" in ref ? key("system", ref.system, ref.asset, null) : key(ref.userId, ref.kind, ref.asset, strategyOf(ref)));

/** A journal whose legs do not balance is a bug in the caller, never something to post. */
function assertBalanced(input: JournalInput): void {
  if (input.legs.length < 2) throw new Error(`journal ${input.kind}: needs at least two legs`);
  const sums = new Map<string, bigint>();
  for (const leg of input.legs) {
    if (leg.amount === 0n) throw new Error(`journal ${input.kind}: zero leg on ${refKey(leg.account)}`);
    sums.set(leg.account.asset, (sums.get(leg.account.asset) ?? 0n) + leg.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new Error(`journal ${input.kind}: ${asset} legs sum to ${sum}, not zero`);
  }
}

function matchRef(ref: AccountRef): SQL {
  return "system" in ref
    ? and(isNull(accounts.userId), eq(accounts.kind, ref.system), eq(accounts.asset, ref.asset))!
    : and(
        eq(accounts.userId, ref.userId),
        eq(accounts.kind, ref.kind),
        eq(accounts.asset, ref.asset),
        "strategyId" in ref ? eq(accounts.strategyId, ref.strategyId) : isNull(accounts.strategyId),
      )!;
}

const ownerOf = (account: Account) => key(account.userId ?? "system", account.kind, account.asset, account.strategyId);

const newAccount = (ref: AccountRef) => ({
  id: newId(),
  userId: "system" in ref ? null : ref.userId,
  kind: "system" in ref ? ref.system : ref.kind,
  asset: ref.asset,
  strategyId: strategyOf(ref),
});

/**
 * The accounts `refs` name, created when missing. Accounts are created once and read on every
 * posting after, so the common case is one SELECT; user accounts are locked FOR UPDATE in id order.
 */
async function accountsFor(tx: Db, refs: AccountRef[], lock: boolean): Promise<Account[]> {
  if (!refs.length) return [];
  const select = () => {
    const query = tx.select().from(accounts).where(or(...refs.map(matchRef))).orderBy(accounts.id);
    return lock ? query.for("update") : query;
  };
  const found = await select();
  if (found.length === refs.length) return found;
  const have = new Set(found.map(ownerOf));
  await tx.insert(accounts).values(refs.filter((r) => !have.has(refKey(r))).map(newAccount)).onConflictDoNothing();
  return select();
}

/** Writes the new balances of the changed accounts in one statement. */
async function saveBalances(tx: Db, changed: { id: string; balance: bigint }[]): Promise<void> {
  if (!changed.length) return;
  const values = sql.join(changed.map((a) => sql`(${a.id}::uuid, ${a.balance.toString()}::bigint)`), sql`, `);
  await tx.execute(sql`update ${accounts} set balance = v.balance from (values ${values}) as v(id, balance) where ${accounts.id} = v.id`);
}

/**
 * The one function that changes balances. In one transaction (the caller's, or its own): creates
 * missing accounts, locks the touched user accounts in id order (so concurrent postings cannot
 * deadlock each other), refuses any leg taking a user balance below zero, then writes the journal,
 * its entries with balances after, and the new balances. System accounts are never locked or
 * updated: their balance is the sum of their entries.
 */
export async function post(db: Db, input: JournalInput): Promise<Posted> {
  assertBalanced(input);
  // A refusal is thrown before anything is written, so inside a caller's transaction no savepoint is
  // needed (a caller that goes on after a refusal of its own opens one: see strategies/attempt.ts).
  // On its own: a transaction of its own, retried whole on a deadlock or serialization failure.
  return isTransaction(db) ? write(db, input) : runTransaction(db, (tx) => write(tx, input));
}

async function write(tx: Db, input: JournalInput): Promise<Posted> {
  const refs = [...new Map(input.legs.map((l) => [refKey(l.account), l.account])).values()];
  // Independent reads and writes below are sent together (postgres.js pipelines the queries of one
  // connection): a posting costs two round trips, not five.
  const [locked, system] = await Promise.all([
    accountsFor(tx, refs.filter((r) => !("system" in r)), true),
    accountsFor(tx, refs.filter((r) => "system" in r), false),
  ]);
  const byRef = new Map([...locked, ...system].map((a) => [ownerOf(a), a]));

  const balances = new Map(locked.map((a) => [a.id, a.balance]));
  const journalId = newId();
  const rows = input.legs.map((leg) => {
    const account = byRef.get(refKey(leg.account));
    if (!account) throw new Error(`account ${refKey(leg.account)} was not created`);
    let balanceAfter: bigint | null = null;
    if (account.userId) {
      balanceAfter = balances.get(account.id)! + leg.amount;
      // Checked leg by leg, so no entry ever records a negative balance, even in passing.
      if (balanceAfter < 0n) throw insufficientFunds(account.asset);
      balances.set(account.id, balanceAfter);
    }
    return { journalId, accountId: account.id, amount: leg.amount, label: leg.label ?? null, balanceAfter };
  });

  // Pipelined on one connection. Queries reach it in the order drizzle hands them over, which for
  // builders of the same kind (both inserts with returning) is the order they are issued here: the
  // journal exists before its entries reference it. The balances' update may go first; it needs neither.
  const [[journal], written] = await Promise.all([
    tx
      .insert(journals)
      .values({ id: journalId, kind: input.kind, reference: input.reference ?? null, memo: input.memo ?? null, actorId: input.actorId ?? null })
      .returning(),
    tx.insert(entries).values(rows).returning(),
    saveBalances(
      tx,
      locked.filter((a) => balances.get(a.id) !== a.balance).map((a) => ({ id: a.id, balance: balances.get(a.id)! })),
    ),
  ]);
  return { journal: journal!, entries: written, balances };
}

/** Balances of one user's accounts, by `${kind}:${asset}`. */
export async function accountsOf(db: Db, userId: string, assetCodes?: string[]) {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), assetCodes?.length ? inArray(accounts.asset, assetCodes) : undefined));
}
