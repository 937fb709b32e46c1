import { DataTable } from "@/components/data-table";
import { Time } from "@/components/time";
import { exact } from "@/lib/core/format";
import type { jobHealth } from "@/lib/jobs/runs";

/** Each background job's last run, lag and last error. */
export function JobHealth({ jobs }: { jobs: Awaited<ReturnType<typeof jobHealth>> }) {
  return (
    <section aria-labelledby="jobs-heading" className="space-y-3">
      <h2 id="jobs-heading" className="text-lg font-semibold">
        Background jobs
      </h2>
      {jobs.length === 0 ? (
        <p className="card text-sm text-muted">No job has run yet.</p>
      ) : (
        <DataTable
          label="Background jobs"
          testId="jobs"
          rows={jobs}
          rowKey={(j) => j.name}
          columns={[
            { label: "Job", rowHeader: true, className: "font-mono text-xs font-normal", cell: (j) => j.name },
            { label: "Last run", cell: (j) => (j.lastRunAt ? <Time at={j.lastRunAt} /> : "never") },
            {
              label: "Lag",
              numeric: true,
              cell: (j) => (j.lagSeconds === null ? "—" : `${exact(String(j.lagSeconds))} s`),
            },
            {
              label: "Last error",
              className: "text-xs text-muted",
              cell: (j) =>
                j.lastError ? (
                  <>
                    {j.lastErrorAt && <Time at={j.lastErrorAt} />}: {j.lastError}
                  </>
                ) : (
                  "none"
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
