import { count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chainCursors, chainDeposits } from "@/db/schema";
import type { Pagination } from "@/lib/core/query";
import { getSettings } from "@/lib/settings";
import { chainSettings } from "./config";
import { chainDepositView } from "./views";

/**
 * A user's deposits seen on chain, newest first, each with its confirmations so far against the
 * last block the watcher finished and the count its chain requires now (null when the chain is no
 * longer configured).
 */
export async function listChainDeposits(
  db: Db,
  userId: string,
  page: Pagination,
  decimalsOf: (code: string) => number,
) {
  const where = eq(chainDeposits.userId, userId);
  const [rows, [total], cursors, settings] = await Promise.all([
    db
      .select()
      .from(chainDeposits)
      .where(where)
      .orderBy(desc(chainDeposits.createdAt), desc(chainDeposits.blockNumber))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(chainDeposits).where(where),
    db.select({ chain: chainCursors.chain, lastBlock: chainCursors.lastBlock }).from(chainCursors),
    getSettings(db),
  ]);
  const finished = new Map(cursors.map((c) => [c.chain, c.lastBlock]));
  const required = new Map((chainSettings()?.chains ?? []).map((c) => [c.name as string, c.confirmations]));
  return {
    deposits: rows.map((d) =>
      chainDepositView(d, decimalsOf(d.currency), {
        finished: finished.get(d.chain) ?? null,
        required: required.get(d.chain) ?? null,
        explorers: settings.chain.explorers,
      }),
    ),
    total: total?.n ?? 0,
  };
}
