import { Pager } from "@/components/pager";
import type { LoginHistoryView } from "@/lib/auth/login-history";
import { Time } from "@/components/time";

/** The user's recent sign-in attempts (the newest 50 are kept): time, address, device, outcome. `query` keeps the rest of the screen's paging. */
export function LoginHistoryList({
  history,
  page,
  pageSize,
  total,
  query,
}: {
  history: LoginHistoryView[];
  page: number;
  pageSize: number;
  total: number;
  query: Record<string, string>;
}) {
  return (
    <section className="card space-y-3" aria-labelledby="login-history-heading">
      <div>
        <h2 id="login-history-heading" className="font-semibold">
          Login history
        </h2>
        <p className="text-sm text-muted">
          Every sign-in attempt on your account, the last 50. An attempt you do not recognise? Change your password.
        </p>
      </div>
      {history.length === 0 ? (
        <p className="text-sm text-muted">No sign-in attempts yet.</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="login-history">
          {history.map((h) => (
            <li
              key={h.id}
              className="flex items-start justify-between gap-3 py-2.5 text-sm"
              data-testid="login-attempt"
              data-outcome={h.outcome}
            >
              <span className="min-w-0">
                <span className="block font-medium">{h.device}</span>
                <span className="block text-xs text-muted">
                  {h.ip} · <Time at={h.at} />
                </span>
              </span>
              <span
                className={`shrink-0 text-right text-xs font-medium ${h.outcome === "success" ? "text-success" : "text-danger"}`}
              >
                {h.outcomeLabel}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > pageSize && (
        <Pager page={page} pageSize={pageSize} total={total} query={query} label="Login history pages" />
      )}
    </section>
  );
}
