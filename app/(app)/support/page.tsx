import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/pager";
import { SupportStatusBadge } from "@/components/support/status-badge";
import { NewConversationForm } from "@/components/support/new-conversation-form";
import { LiveSupport } from "@/components/support/live-support";
import { Time } from "@/components/time";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { paginationSchema, plainParams } from "@/lib/core/query";
import { isUuid } from "@/lib/core/ids";
import { listConversations } from "@/lib/support/list-conversations";
import { ownRelatedSummary } from "@/lib/support/related";

export const metadata: Metadata = { title: "Customer Service" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const STATUS_WORDS: Record<string, string> = {
  pending: "pending",
  approved: "credited",
  sent: "sent",
  rejected: "rejected",
  cancelled: "cancelled",
};

export default async function SupportPage({ searchParams }: Props) {
  const { user } = await requireUser();
  const params = plainParams(await searchParams);
  const parsed = paginationSchema.safeParse(params);
  const page = parsed.success ? parsed.data : { page: 1, pageSize: 20 };
  const db = await getDb();
  const about =
    params.about && isUuid(params.about)
      ? await ownRelatedSummary(db, { userId: user.id, id: params.about.toLowerCase() })
      : null;
  const result = await listConversations(db, { userId: user.id, page });
  const relatedText = about
    ? `${about.what}, ${STATUS_WORDS[about.status] ?? about.status}${about.reason ? ` (${about.reason})` : ""}`
    : undefined;

  return (
    <div className="space-y-4 lg:max-w-3xl">
      <LiveSupport />
      <div>
        <h1 className="text-xl font-semibold">Customer Service</h1>
        <p className="mt-1 text-sm text-muted">
          Write to Aurum support and read the answers here; you are notified of each one. Answers are signed
          &ldquo;Aurum support&rdquo; and only ever link to this site.
        </p>
      </div>
      <NewConversationForm relatedId={about?.id} relatedText={relatedText} />
      <section aria-labelledby="my-conversations" className="card p-0">
        <h2 id="my-conversations" className="px-4 pb-2 pt-3 font-semibold">
          Your conversations
        </h2>
        {result.conversations.length === 0 ? (
          <p className="px-4 pb-4 text-sm text-muted">
            None yet. Conversations you start appear here with their status.
          </p>
        ) : (
          <ul className="divide-y divide-line border-t border-line" data-testid="support-conversations">
            {result.conversations.map((c) => (
              <li key={c.id}>
                <Link
                  href={`/support/${c.id}`}
                  className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-raised/60 hover:text-gold-soft"
                >
                  <span className="min-w-0">
                    <span className="block truncate">{c.subject}</span>
                    <span className="block text-xs text-muted">
                      Last message <Time at={c.lastMessageAt} />
                      {c.related ? ` · about a ${c.related.kind}` : ""}
                    </span>
                  </span>
                  <SupportStatusBadge status={c.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {result.total > result.pageSize && (
        <Pager
          page={result.page}
          pageSize={result.pageSize}
          total={result.total}
          query={{ pageSize: String(result.pageSize) }}
        />
      )}
    </div>
  );
}
