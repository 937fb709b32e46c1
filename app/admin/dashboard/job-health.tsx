import { Time } from "@/components/time";
import type { jobHealth } from "@/lib/jobs/runs";

/** Each background job's last run, lag and last error. */
export function JobHealth({ jobs }: { jobs: Awaited<ReturnType<typeof jobHealth>> }) {
  return (
    <section aria-labelledby="jobs-heading" className="space-y-3">
      <h2 id="jobs-heading" className="text-lg font-semibold">Background jobs</h2>
      {jobs.length === 0 ? (
        <p className="card text-sm text-muted">No job has run yet.</p>
      ) : (
        <div className="card overflow-x-auto p-0">
          <div className="table-scroll">
          <table className="data-table" data-testid="jobs">
            <thead>
              <tr className="border-b border-line">
                <th className="pl-4">Job</th>
                <th>Last run</th>
                <th className="text-right">Lag</th>
                <th className="pr-4">Last error</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => (
                <tr key={j.name} className="border-b border-line/60 last:border-0">
                  <td className="pl-4 font-mono text-xs">{j.name}</td>
                  <td className="tabular-nums">{j.lastRunAt ? <Time at={j.lastRunAt} /> : "never"}</td>
                  <td className="text-right tabular-nums">{j.lagSeconds === null ? "—" : `${j.lagSeconds} s`}</td>
                  <td className="pr-4 text-xs text-muted">{j.lastError ? <>{j.lastErrorAt && <Time at={j.lastErrorAt} />}: {j.lastError}</> : "none"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </div>
      )}
    </section>
  );
}
