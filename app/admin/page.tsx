import type { Metadata } from "next";
import { SoleAdminNotice } from "@/components/admin/sole-admin-notice";
import { pendingFunding } from "@/lib/funding/queues";
import { jobHealth } from "@/lib/jobs/runs";
import { chainStatus, flaggedPayouts } from "@/lib/chain/status";
import { ChainLag, FlaggedPayouts } from "./dashboard/chain-lag";
import { getDb } from "@/db/client";
import { ProofStatus } from "./proof/proof-status";
import { AuditLog } from "./dashboard/audit-log";
import { Books } from "./dashboard/books";
import { Figures, Waiting } from "./dashboard/figures";
import { JobHealth } from "./dashboard/job-health";
import { dashboardStats } from "@/lib/admin/dashboard";
import { activeAdmins, fourEyesSince } from "@/lib/approvals/policy";
import { utcText } from "@/lib/core/format";
import { pendingProposals } from "@/lib/approvals/proposals";
import { auditActors, auditQuerySchema, listAudit } from "@/lib/audit/list";
import { requireAdmin } from "@/lib/auth/page-session";
import { plainParams } from "@/lib/core/query";

export const metadata: Metadata = { title: "Dashboard" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminDashboard({ searchParams }: Props) {
  await requireAdmin();
  const db = await getDb();
  const params = plainParams(await searchParams);
  const query = auditQuerySchema.safeParse(params);
  const [stats, audit, actors, funding, jobs, proposals, admins, since, chains, flagged] = await Promise.all([
    dashboardStats(db),
    query.success ? listAudit(db, query.data) : null,
    auditActors(db),
    pendingFunding(db),
    jobHealth(db),
    pendingProposals(db),
    activeAdmins(db),
    fourEyesSince(db),
    chainStatus(db),
    flaggedPayouts(db),
  ]);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <Figures stats={stats} />
      {admins < 2 && <SoleAdminNotice />}
      <p className="text-sm text-muted" data-testid="four-eyes-since">
        {since ? `Two administrators since ${utcText(since)}` : "One administrator so far"}
      </p>
      <Waiting funding={funding} proposals={proposals} />
      <ChainLag chains={chains} />
      <FlaggedPayouts count={flagged} />
      <JobHealth jobs={jobs} />
      <ProofStatus />
      <Books books={stats.books} />
      <AuditLog
        chain={stats.auditChain}
        params={params}
        audit={audit}
        actors={actors}
        refusal={query.error?.issues[0]?.message}
      />
    </div>
  );
}
