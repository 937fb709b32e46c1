import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";

export interface Problem {
  rule: string;
  detail: string;
}

/**
 * The ledger's invariants, checked from the stored rows: every user balance equals the sum of
 * its entries and is not negative, every journal sums to zero per asset, and every entry's
 * balance_after equals the running sum of its account. Returns the offending rows, none when sound.
 */
export async function checkLedger(db: Db): Promise<Problem[]> {
  const problems: Problem[] = [];

  for (const r of await rowsOf(
    db,
    sql`select a.id, a.user_id, a.asset, a.kind, a.balance, coalesce(sum(e.amount), 0) as total
        from accounts a left join entries e on e.account_id = a.id
        where a.user_id is not null
        group by a.id
        having a.balance <> coalesce(sum(e.amount), 0)`,
  )) {
    problems.push({ rule: "balance equals the sum of entries", detail: `account ${r.id} (${r.user_id} ${r.kind} ${r.asset}): balance ${r.balance}, entries sum ${r.total}` });
  }

  for (const r of await rowsOf(db, sql`select id, user_id, asset, kind, balance from accounts where user_id is not null and balance < 0`)) {
    problems.push({ rule: "user balances are not negative", detail: `account ${r.id} (${r.user_id} ${r.kind} ${r.asset}): balance ${r.balance}` });
  }

  for (const r of await rowsOf(
    db,
    sql`select e.journal_id, a.asset, sum(e.amount) as total
        from entries e join accounts a on a.id = e.account_id
        group by e.journal_id, a.asset
        having sum(e.amount) <> 0`,
  )) {
    problems.push({ rule: "journals balance per asset", detail: `journal ${r.journal_id}: ${r.asset} entries sum to ${r.total}` });
  }

  for (const r of await rowsOf(
    db,
    sql`select id, account_id, balance_after, running from (
          select e.id, e.account_id, e.balance_after,
                 sum(e.amount) over (partition by e.account_id order by e.id) as running
          from entries e join accounts a on a.id = e.account_id
          where a.user_id is not null
        ) t
        where balance_after is distinct from running`,
  )) {
    problems.push({ rule: "balance_after is the running sum", detail: `entry ${r.id} on account ${r.account_id}: balance_after ${r.balance_after}, running sum ${r.running}` });
  }

  return problems;
}
