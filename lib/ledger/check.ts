import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { BASE, QUOTE } from "./assets";

export interface Problem {
  rule: string;
  detail: string;
}

/**
 * The ledger's invariants, checked from the stored rows: every user balance equals the sum of
 * its entries and is not negative, every journal sums to zero per asset, every entry's
 * balance_after equals the running sum of its account, and what is set aside is accounted for
 * (see checkHoldings). Returns the offending rows, none when sound.
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
    problems.push({
      rule: "balance equals the sum of entries",
      detail: `account ${r.id} (${r.user_id} ${r.kind} ${r.asset}): balance ${r.balance}, entries sum ${r.total}`,
    });
  }

  for (const r of await rowsOf(
    db,
    sql`select id, user_id, asset, kind, balance from accounts where user_id is not null and balance < 0`,
  )) {
    problems.push({
      rule: "user balances are not negative",
      detail: `account ${r.id} (${r.user_id} ${r.kind} ${r.asset}): balance ${r.balance}`,
    });
  }

  for (const r of await rowsOf(
    db,
    sql`select e.journal_id, a.asset, sum(e.amount) as total
        from entries e join accounts a on a.id = e.account_id
        group by e.journal_id, a.asset
        having sum(e.amount) <> 0`,
  )) {
    problems.push({
      rule: "journals balance per asset",
      detail: `journal ${r.journal_id}: ${r.asset} entries sum to ${r.total}`,
    });
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
    problems.push({
      rule: "balance_after is the running sum",
      detail: `entry ${r.id} on account ${r.account_id}: balance_after ${r.balance_after}, running sum ${r.running}`,
    });
  }

  return [...problems, ...(await checkHoldings(db)), ...(await checkTradingDays(db))];
}

/**
 * The daily trading limit reads one kept row per user and day (trading_days, kept by a trigger on
 * orders): each must equal its orders summed the way the limit counts them, and a day with orders
 * must have its row.
 */
async function checkTradingDays(db: Db): Promise<Problem[]> {
  const rows = await rowsOf(
    db,
    sql`with unit as (select 10::numeric ^ decimals as u from assets where code = ${BASE}),
        summed as (
          select o.user_id, (o.created_at at time zone 'UTC')::date as day,
                 sum(case when o.status = 'cancelled' then 0 else coalesce(o.cost::numeric, ceil(o.quantity::numeric * coalesce(o.limit_price, o.stop_limit_price) / unit.u)) end) as used
          from orders o cross join unit
          group by 1, 2
        )
        select coalesce(d.user_id, s.user_id) as user_id, coalesce(d.day, s.day)::text as day, d.used as kept, s.used as summed
        from trading_days d full join summed s on s.user_id = d.user_id and s.day = d.day
        where d.used is distinct from s.used`,
  );
  return rows.map((r) => ({
    rule: "each day's trading total equals its orders",
    detail: `user ${r.user_id} on ${r.day}: kept ${r.kept ?? "nothing"}, orders sum to ${r.summed ?? "nothing"}`,
  }));
}

// A running or paused strategy without a reserve account of its own still keeps its budget in the
// user's hold (it was started before reserve accounts, or by the previous version during a rolling
// upgrade): until it is next locked and moves it (lib/strategies/books.ts), that budget is on hold.
const UNMOVED = sql`s.status in ('running', 'paused') and not exists (select 1 from accounts r where r.strategy_id = s.id)`;

/**
 * What is set aside, per user and asset: each hold equals the user's open limit orders'
 * reservations (their own and their strategies'), their pending withdrawals (amount and fee) and
 * any strategy budget not yet moved to its reserve; each strategy reserve belongs to a strategy of
 * the same user and equals what that strategy's books say it holds, and only a running or paused
 * strategy holds anything.
 */
async function checkHoldings(db: Db): Promise<Problem[]> {
  const problems: Problem[] = [];

  for (const r of await rowsOf(
    db,
    sql`with expected as (
          select user_id, case when side = 'buy' then ${QUOTE} else ${BASE} end as asset, held as amount from orders where status = 'open'
          union all select user_id, currency, amount + fee from withdrawals where status = 'pending'
          union all select s.user_id, ${QUOTE}, s.reserved_quote from strategies s where ${UNMOVED}
          union all select s.user_id, ${BASE}, s.reserved_base from strategies s where ${UNMOVED}
        ), owed as (select user_id, asset, sum(amount) as total from expected group by user_id, asset),
        held as (select user_id, asset, balance from accounts where kind = 'hold')
        select coalesce(h.user_id, o.user_id) as user_id, coalesce(h.asset, o.asset) as asset, coalesce(h.balance, 0) as balance, coalesce(o.total, 0) as owed
        from held h full join owed o on o.user_id = h.user_id and o.asset = h.asset
        where coalesce(h.balance, 0) <> coalesce(o.total, 0)`,
  )) {
    problems.push({
      rule: "holds equal open orders, pending withdrawals and unmoved strategy budgets",
      detail: `user ${r.user_id} ${r.asset}: hold ${r.balance}, open orders, pending withdrawals and unmoved budgets ${r.owed}`,
    });
  }

  for (const r of await rowsOf(
    db,
    sql`select a.id, a.user_id, a.asset, a.balance, a.strategy_id, s.user_id as owner, s.status,
               case a.asset when ${QUOTE} then s.reserved_quote when ${BASE} then s.reserved_base else 0 end as books
        from accounts a left join strategies s on s.id = a.strategy_id
        where a.kind = 'reserve'`,
  )) {
    const where = `reserve ${r.id} (${r.user_id} ${r.asset}, strategy ${r.strategy_id})`;
    if (r.owner !== r.user_id)
      problems.push({
        rule: "a reserve belongs to a strategy of its user",
        detail: `${where}: the strategy is ${r.owner === null ? "missing" : `user ${r.owner}'s`}`,
      });
    else if (String(r.balance) !== String(r.books))
      problems.push({
        rule: "a reserve equals its strategy's books",
        detail: `${where}: balance ${r.balance}, the strategy's books ${r.books}`,
      });
    else if (BigInt(String(r.balance)) !== 0n && r.status !== "running" && r.status !== "paused") {
      problems.push({
        rule: "only a running or paused strategy holds a reserve",
        detail: `${where}: balance ${r.balance}, strategy ${r.status}`,
      });
    }
  }

  return problems;
}
