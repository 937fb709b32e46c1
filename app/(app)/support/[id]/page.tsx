import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveSupport } from "@/components/support/live-support";
import { UserReplyForm } from "@/components/support/message-form";
import { MessageList } from "@/components/support/message-list";
import { SupportStatusBadge } from "@/components/support/status-badge";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { AppError } from "@/lib/core/errors";
import { isUuid } from "@/lib/core/ids";
import { readConversation } from "@/lib/support/read-conversation";
import { ownRelatedSummary } from "@/lib/support/related";

export const metadata: Metadata = { title: "Conversation with support" };

export default async function SupportThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const { user } = await requireUser();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const db = await getDb();
  const thread = await readConversation(db, { userId: user.id, id: id.toLowerCase() }).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  });
  const { conversation, messages } = thread;
  const related = conversation.related
    ? await ownRelatedSummary(db, { userId: user.id, id: conversation.related.id })
    : null;

  return (
    <div className="space-y-4 lg:max-w-3xl">
      <LiveSupport id={conversation.id} />
      <Link href="/support" className="text-sm text-gold hover:text-gold-soft">
        ← All conversations
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-words text-xl font-semibold">{conversation.subject}</h1>
        <SupportStatusBadge status={conversation.status} />
      </div>
      {related && (
        <p className="text-sm text-muted" data-testid="support-related">
          About: <span className="text-zinc-200">{related.what}</span>
        </p>
      )}
      <MessageList messages={messages} />
      {conversation.status === "open" && (
        <p className="text-sm text-muted" role="status">
          Aurum support will answer here. You will be notified, and this page shows the answer as soon as it is written.
        </p>
      )}
      <UserReplyForm conversationId={conversation.id} closed={conversation.status === "closed"} />
    </div>
  );
}
