import type { Db } from "@/db/client";
import { dateOf, query, type Int8, type Timestamp } from "@/db/raw";
import { isTransaction, runTransaction } from "@/db/transaction";
import {
  accounts,
  type Account,
  type Entry,
  type Journal,
  type SystemAccountKind,
  type UserAccountKind,
} from "@/db/schema";
import { assetName } from "@/lib/core/format";
import { AppError } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";

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
const key = (owner: string, kind: string, asset: string, strategyId: string | null) =>
  `${owner}:${kind}:${asset}${strategyId ? `:${strategyId}` : ""}`;
const refKey = (ref: AccountRef) =>
  "system" in ref ? key("system", ref.system, ref.asset, null) : key(ref.userId, ref.kind, ref.asset, strategyOf(ref));

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

const ownerOf = (account: LedgerAccount) =>
  key(account.userId ?? "system", account.kind, account.asset, account.strategyId);

const newAccount = (ref: AccountRef) => ({
  id: newId(),
  userId: "system" in ref ? null : ref.userId,
  kind: "system" in ref ? ref.system : ref.kind,
  asset: ref.asset,
  strategyId: strategyOf(ref),
});

/** What a posting reads of an account. */
type LedgerAccount = Pick<Account, "id" | "userId" | "kind" | "asset" | "strategyId" | "balance">;

// The statements every posting runs, written once as SQL (db/raw.ts): lists travel as arrays, so
// each text is the same whatever the journal, and is prepared once per connection.
const LOCK_USER_ACCOUNTS = `select a.id, a.user_id, a.kind, a.asset, a.strategy_id, a.balance
  from accounts a
  join unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) as r(user_id, kind, asset, strategy_id)
    on a.user_id = r.user_id and a.asset = r.asset and a.kind = r.kind::account_kind and a.strategy_id is not distinct from r.strategy_id
  order by a.id
  for update of a`;
const SYSTEM_ACCOUNTS = `select a.id, a.user_id, a.kind, a.asset, a.strategy_id, a.balance
  from accounts a
  join unnest($1::text[], $2::text[]) as r(kind, asset) on a.user_id is null and a.asset = r.asset and a.kind = r.kind::account_kind`;
const INSERT_JOURNAL = `insert into journals (id, kind, reference, memo, actor_id) values ($1, $2, $3, $4, $5) returning created_at`;
const INSERT_ENTRIES = `insert into entries (journal_id, account_id, amount, label, balance_after)
  select $1::uuid, e.account_id, e.amount, e.label, e.balance_after
  from unnest($2::uuid[], $3::bigint[], $4::text[], $5::bigint[]) as e(account_id, amount, label, balance_after)
  returning id, created_at`;
const SAVE_BALANCES = `update accounts a set balance = v.balance from unnest($1::uuid[], $2::bigint[]) as v(id, balance) where a.id = v.id`;

interface AccountRow {
  id: string;
  user_id: string | null;
  kind: Account["kind"];
  asset: string;
  strategy_id: string | null;
  balance: Int8;
}

const accountOf = (r: AccountRow): LedgerAccount => ({
  id: r.id,
  userId: r.user_id,
  kind: r.kind,
  asset: r.asset,
  strategyId: r.strategy_id,
  balance: BigInt(r.balance),
});

function selectAccounts(tx: Db, refs: AccountRef[], lock: boolean): Promise<LedgerAccount[]> {
  const rows = lock
    ? query<AccountRow>(tx, LOCK_USER_ACCOUNTS, [
        refs.map((r) => ("userId" in r ? r.userId : null)),
        refs.map((r) => ("system" in r ? r.system : r.kind)),
        refs.map((r) => r.asset),
        refs.map(strategyOf),
      ])
    : query<AccountRow>(tx, SYSTEM_ACCOUNTS, [
        refs.map((r) => ("system" in r ? r.system : r.kind)),
        refs.map((r) => r.asset),
      ]);
  return rows.then((found) => found.map(accountOf));
}

/**
 * The accounts `refs` name, created when missing. Accounts are created once and read on every
 * posting after, so the common case is one SELECT; user accounts are locked FOR UPDATE in id order.
 */
async function accountsFor(tx: Db, refs: AccountRef[], lock: boolean): Promise<LedgerAccount[]> {
  if (!refs.length) return [];
  const found = await selectAccounts(tx, refs, lock);
  if (found.length === refs.length) return found;
  const have = new Set(found.map(ownerOf));
  await tx
    .insert(accounts)
    .values(refs.filter((r) => !have.has(refKey(r))).map(newAccount))
    .onConflictDoNothing();
  return selectAccounts(tx, refs, lock);
}

/**
 * Accounts locked (user ones, FOR UPDATE in id order) and read (system ones) ahead of a posting, in
 * the transaction that will post: see `lockAccounts`.
 */
export interface Locked {
  readonly tx: Db;
  readonly accounts: ReadonlyMap<string, LedgerAccount>;
}

/**
 * Locks and reads the accounts `refs` name exactly as a posting would (creating missing ones), so a
 * caller can send this with its own reads in one round trip and hand the result to `post()` in the
 * same transaction, which then only writes. Nothing may post in that transaction in between: the
 * balances read here are what the posting builds on. Outside a transaction there is nothing to hold
 * the locks: null, and the posting locks for itself.
 */
export async function lockAccounts(tx: Db, refs: AccountRef[]): Promise<Locked | null> {
  if (!isTransaction(tx)) return null;
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  const [locked, system] = await Promise.all([
    accountsFor(
      tx,
      unique.filter((r) => !("system" in r)),
      true,
    ),
    accountsFor(
      tx,
      unique.filter((r) => "system" in r),
      false,
    ),
  ]);
  return { tx, accounts: new Map([...locked, ...system].map((a) => [ownerOf(a), a])) };
}

export interface PostOptions<T> {
  /** What `lockAccounts` returned in this transaction, with no posting since. */
  locked?: Locked | null;
  /**
   * Called with the journal's id right after the posting's writes are sent, for the caller's own
   * statements that belong in the same round trip (the order a trade fills, its event): they reach
   * the database after the journal, so they may reference it.
   */
  alongside?: (journalId: string) => Promise<T>;
}

/**
 * The one function that changes balances. In one transaction (the caller's, or its own): creates
 * missing accounts, locks the touched user accounts in id order (so concurrent postings cannot
 * deadlock each other), refuses any leg taking a user balance below zero, then writes the journal,
 * its entries with balances after, and the new balances. System accounts are never locked or
 * updated: their balance is the sum of their entries.
 */
export async function post(db: Db, input: JournalInput): Promise<Posted>;
export async function post<T>(db: Db, input: JournalInput, options: PostOptions<T>): Promise<Posted & { alongside: T }>;
export async function post<T>(
  db: Db,
  input: JournalInput,
  options: PostOptions<T> = {},
): Promise<Posted & { alongside?: T }> {
  assertBalanced(input);
  // A refusal is thrown before anything is written, so inside a caller's transaction no savepoint is
  // needed (a caller that goes on after a refusal of its own opens one: see strategies/attempt.ts).
  // On its own: a transaction of its own, retried whole on a deadlock or serialization failure.
  return isTransaction(db) ? write(db, input, options) : runTransaction(db, (tx) => write(tx, input, options));
}

async function write<T>(
  tx: Db,
  input: JournalInput,
  { locked: ahead, alongside }: PostOptions<T>,
): Promise<Posted & { alongside?: T }> {
  // Locked ahead in this very transaction, or not at all (another transaction's, a savepoint's).
  const known = ahead?.tx === tx ? ahead.accounts : new Map<string, LedgerAccount>();
  const refs = [...new Map(input.legs.map((l) => [refKey(l.account), l.account])).values()].filter(
    (r) => !known.has(refKey(r)),
  );
  // A posting is two round trips, the accounts (user ones locked, system ones read) then every write;
  // one when its caller locked them ahead.
  const [fresh, system] = await Promise.all([
    accountsFor(
      tx,
      refs.filter((r) => !("system" in r)),
      true,
    ),
    accountsFor(
      tx,
      refs.filter((r) => "system" in r),
      false,
    ),
  ]);
  const byRef = new Map([...known, ...[...fresh, ...system].map((a) => [ownerOf(a), a] as const)]);
  const locked = [...byRef.values()].filter((a) => a.userId !== null);

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
  const changed = locked.filter((a) => balances.get(a.id) !== a.balance);
  const journal = {
    id: journalId,
    kind: input.kind,
    reference: input.reference ?? null,
    memo: input.memo ?? null,
    actorId: input.actorId ?? null,
  };

  // Sent in this order on one connection: the journal exists before its entries and the caller's
  // statements reference it.
  const [[created], written, , theirs] = await Promise.all([
    query<{ created_at: Timestamp }>(tx, INSERT_JOURNAL, [
      journal.id,
      journal.kind,
      journal.reference,
      journal.memo,
      journal.actorId,
    ]),
    query<{ id: Int8; created_at: Timestamp }>(tx, INSERT_ENTRIES, [
      journalId,
      rows.map((r) => r.accountId),
      rows.map((r) => r.amount.toString()),
      rows.map((r) => r.label),
      rows.map((r) => r.balanceAfter?.toString() ?? null),
    ]),
    changed.length
      ? query(tx, SAVE_BALANCES, [changed.map((a) => a.id), changed.map((a) => balances.get(a.id)!.toString())])
      : undefined,
    alongside?.(journalId),
  ]);
  return {
    journal: { ...journal, createdAt: dateOf(created!.created_at) },
    entries: rows.map((row, i) => ({ ...row, id: BigInt(written[i]!.id), createdAt: dateOf(written[i]!.created_at) })),
    balances,
    alongside: theirs,
  };
}
