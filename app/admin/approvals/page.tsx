import type { Metadata } from "next";
import Link from "next/link";
import { SoleAdminNotice } from "@/components/admin/sole-admin-notice";
import { Decision } from "@/components/funding/decision";
import { age, QueueTabs } from "@/components/funding/queue-tabs";
import { DataTable } from "@/components/data-table";
import { LiveIndicator } from "@/components/live-indicator";
import { Pager } from "@/components/pager";
import { getDb } from "@/db/client";
import { PROPOSAL_STATUSES } from "@/db/schema";
import { activeAdmins } from "@/lib/approvals/policy";
import { listProposals, proposalQuerySchema, type ProposalView } from "@/lib/approvals/proposals";
import { requireAdmin } from "@/lib/auth/page-session";
import { plainParams } from "@/lib/core/query";
import { LiveApprovals } from "./live-approvals";

export const metadata: Metadata = { title: "Approvals" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const TONES: Record<string, string> = {
  pending: "border-gold/40 text-gold-soft",
  approved: "border-success/40 text-success",
  rejected: "border-danger/40 text-danger",
  failed: "border-danger/40 text-danger",
  expired: "border-line text-muted",
};

const until = (iso: string, now = Date.now()) => age(new Date(now).toISOString(), Date.parse(iso));

export default async function AdminApprovalsPage({ searchParams }: Props) {
  const { user } = await requireAdmin();
  const parsed = proposalQuerySchema.safeParse(plainParams(await searchParams));
  const query = parsed.success ? parsed.data : proposalQuerySchema.parse({});
  const db = await getDb();
  const [{ proposals, total }, admins] = await Promise.all([listProposals(db, query), activeAdmins(db)]);
  return (
    <div className="space-y-5">
      <LiveApprovals />
      <div className="space-y-1">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          Approvals <LiveIndicator />
        </h1>
        <p className="text-sm text-muted">
          What moves or redirects money waits here for a second administrator: the one who asked can never approve it.
          Proposals lapse after 24 hours.
        </p>
      </div>
      {admins < 2 && <SoleAdminNotice />}
      <QueueTabs base="/admin/approvals" current={query.status} statuses={[...PROPOSAL_STATUSES]} />
      {proposals.length === 0 ? (
        <p className="card text-muted">
          {query.status === "pending" ? "Nothing waits for a second administrator." : `No ${query.status} proposals.`}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Proposals">
          {proposals.map((p) => (
            <ProposalCard key={p.id} proposal={p} mine={p.proposedById === user.id} />
          ))}
        </ul>
      )}
      <Pager page={query.page} pageSize={query.pageSize} total={total} query={{ status: query.status }} />
    </div>
  );
}

function ProposalCard({ proposal: p, mine }: { proposal: ProposalView; mine: boolean }) {
  return (
    <li className="card space-y-3" data-testid="proposal">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-wide text-muted">{p.kindLabel}</p>
          <p className="font-semibold">{p.summary}</p>
        </div>
        <span className="flex items-center gap-2 text-sm text-muted">
          {p.status === "pending"
            ? `waiting ${age(p.proposedAt)} · lapses in ${until(p.expiresAt)}`
            : p.decidedAt
              ? `${age(p.decidedAt)} ago`
              : null}
          <span className={`rounded-full border px-2 py-0.5 text-xs capitalize ${TONES[p.status] ?? ""}`}>
            {p.status}
          </span>
        </span>
      </div>
      <DataTable
        label="What it changes"
        rows={p.changes}
        rowKey={(c) => c.label}
        columns={[
          { label: "What", rowHeader: true, className: "font-normal text-muted", cell: (c) => c.label },
          { label: "Before", className: "[overflow-wrap:anywhere] tabular-nums", cell: (c) => c.before ?? "—" },
          {
            label: "After",
            className: "[overflow-wrap:anywhere] tabular-nums text-gold-soft",
            cell: (c) => c.after ?? "—",
          },
        ]}
      />
      <p className="text-sm">
        Asked by <span className="text-zinc-100">{mine ? "you" : p.proposedBy}</span>
        {p.reason ? (
          <>
            {" "}
            · why: <span className="text-zinc-100">{p.reason}</span>
          </>
        ) : null}
        {p.userId ? (
          <>
            {" "}
            ·{" "}
            <Link href={`/admin/users/${p.userId}`} className="text-gold underline hover:text-gold-soft">
              the user
            </Link>
          </>
        ) : null}
      </p>
      {p.status !== "pending" && p.decidedBy && (
        <p className="text-sm text-muted" data-testid="proposal-outcome">
          {p.status === "approved"
            ? `Approved by ${p.decidedBy}`
            : p.status === "rejected"
              ? `Rejected by ${p.decidedBy}: ${p.outcome}`
              : `Approved by ${p.decidedBy}, but it could not be done: ${p.outcome}`}
        </p>
      )}
      {p.status === "pending" &&
        (mine ? (
          <div className="space-y-2">
            <p className="text-sm text-muted">You proposed this: another administrator has to approve it.</p>
            <Decision
              actions={[
                {
                  label: "Withdraw",
                  path: `/api/admin/approvals/${p.id}/reject`,
                  tone: "ghost",
                  fields: [{ name: "reason", label: "Why you withdraw it", required: true }],
                },
              ]}
            />
          </div>
        ) : (
          <Decision
            actions={[
              { label: "Approve", path: `/api/admin/approvals/${p.id}/approve`, tone: "gold", fields: [] },
              {
                label: "Reject",
                path: `/api/admin/approvals/${p.id}/reject`,
                tone: "ghost",
                fields: [{ name: "reason", label: "Reason (the proposer sees it)", required: true }],
              },
            ]}
          />
        ))}
    </li>
  );
}
