import type { Metadata } from "next";
import Link from "next/link";
import { age, QueueTabs } from "@/components/funding/queue-tabs";
import { Pager } from "@/components/pager";
import { LiveSupport } from "@/components/support/live-support";
import { SupportStatusBadge } from "@/components/support/status-badge";
import { Time } from "@/components/time";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { plainParams } from "@/lib/core/query";
import { supportQueue, supportQueueQuerySchema } from "@/lib/support/queue";

export const metadata: Metadata = { title: "Customer Service" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminSupportPage({ searchParams }: Props) {
  const { user } = await requireAdmin();
  const parsed = supportQueueQuerySchema.safeParse(plainParams(await searchParams));
  const query = parsed.success ? parsed.data : supportQueueQuerySchema.parse({});
  const { conversations, total } = await supportQueue(await getDb(), query);
  return (
    <div className="space-y-5">
      <LiveSupport />
      <div>
        <h1 className="text-2xl font-semibold">Customer Service</h1>
        <p className="mt-1 text-sm text-muted">
          Open conversations wait for an answer, the longest waiting first. Users read replies as &ldquo;Aurum
          support&rdquo;, never your name.
        </p>
      </div>
      <QueueTabs base="/admin/support" current={query.status} statuses={["open", "answered", "closed", "all"]} />
      {conversations.length === 0 ? (
        <p className="card text-muted">
          {query.status === "open" ? "Nobody is waiting for an answer." : "No conversations here."}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Conversations">
          {conversations.map((c) => (
            <li key={c.id} className="card space-y-1.5" data-testid="support-conversation">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link
                  href={`/admin/support/${c.id}`}
                  className="min-w-0 break-words text-lg text-gold-soft hover:text-gold hover:underline"
                >
                  {c.subject}
                </Link>
                <span className="flex items-center gap-2 text-sm text-muted">
                  {c.status === "open" ? `waiting ${age(c.lastMessageAt)}` : <Time at={c.lastMessageAt} />}
                  <SupportStatusBadge status={c.status} forSupport />
                </span>
              </div>
              <p className="text-sm text-muted">
                From{" "}
                {c.requester.kind === "user" ? (
                  <Link
                    href={`/admin/users/${c.requester.userId}`}
                    className="text-gold underline hover:text-gold-soft"
                  >
                    {c.requester.username}
                  </Link>
                ) : (
                  <span className="text-zinc-200">
                    {c.requester.email} <span className="text-xs">(signed out, answered by mail)</span>
                  </span>
                )}
                {c.related && <> · about a {c.related.kind}</>}
                {" · "}
                {c.assignedTo ? (
                  <>assigned to {c.assignedTo.id === user.id ? "you" : c.assignedTo.username}</>
                ) : (
                  "unassigned"
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={query.page} pageSize={query.pageSize} total={total} query={{ status: query.status }} />
    </div>
  );
}
