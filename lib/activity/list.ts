import { count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accountEvents, type AccountEvent } from "@/db/schema";
import { onePage, pageInfo, type Pagination } from "@/lib/core/query";
import { ACTIVITY, ACTOR_LABELS, sentenceOf, type ActivityKind, type FactsOf } from "./catalogue";

/** One event as its owner reads it: who ("Aurum support" or "You", never an administrator's name), what, why, when. */
function activityView(row: AccountEvent) {
  const kind = row.kind as ActivityKind;
  // A kind this version does not know was written by a newer one (a rolling upgrade in progress).
  const known = Object.hasOwn(ACTIVITY, kind);
  return {
    id: row.id,
    kind,
    by: ACTOR_LABELS[row.actor],
    title: known ? ACTIVITY[kind].title : "Account change",
    text: known ? sentenceOf(kind, row.facts as FactsOf<typeof kind>, null, row.createdAt) : "",
    reason: row.reason,
    at: row.createdAt.toISOString(),
  };
}

export type ActivityView = ReturnType<typeof activityView>;

/** The user's own account activity, newest first. */
export async function listActivity(db: Db, userId: string, page: Pagination) {
  const mine = eq(accountEvents.userId, userId);
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select()
        .from(accountEvents)
        .where(mine)
        .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
        .$dynamic(),
      page,
    ),
    db.select({ n: count() }).from(accountEvents).where(mine),
  ]);
  return { activity: rows.map(activityView), ...pageInfo(page, total) };
}
