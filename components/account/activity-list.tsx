import { Pager } from "@/components/pager";
import type { ActivityView } from "@/lib/activity/list";
import { Time } from "@/components/time";

/**
 * What was done to the account, newest first: by Aurum support (an administrator, never named) or by
 * the user, with the change and its reason. `query` keeps the rest of the screen's paging.
 */
export function ActivityList({
  activity,
  page,
  pageSize,
  total,
  query,
}: {
  activity: ActivityView[];
  page: number;
  pageSize: number;
  total: number;
  query: Record<string, string>;
}) {
  return (
    <section className="card space-y-3" aria-labelledby="activity-heading">
      <div>
        <h2 id="activity-heading" className="font-semibold">
          Account activity
        </h2>
        <p className="text-sm text-muted">
          Everything Aurum support did to your account, and the security changes you made. Something you do not
          recognise? Change your password and freeze your account.
        </p>
      </div>
      {activity.length === 0 ? (
        <p className="text-sm text-muted">Nothing yet.</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="account-activity">
          {activity.map((e) => (
            <li key={e.id} className="space-y-1 py-2.5 text-sm" data-testid="activity-event" data-kind={e.kind}>
              <div className="flex items-start justify-between gap-3">
                <span className="font-medium">{e.title}</span>
                <span className={`shrink-0 text-xs font-medium ${e.by === "You" ? "text-muted" : "text-gold-soft"}`}>
                  {e.by}
                </span>
              </div>
              <p className="break-words">{e.text}</p>
              {e.reason && (
                <p className="break-words">
                  <span className="text-muted">Reason:</span> {e.reason}
                </p>
              )}
              <p className="text-xs text-muted">
                <Time at={e.at} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {total > pageSize && (
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          query={query}
          param="activityPage"
          label="Account activity pages"
        />
      )}
    </section>
  );
}
