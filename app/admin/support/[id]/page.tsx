import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Amount } from "@/components/amount";
import { StatusBadge } from "@/components/funding/status-badge";
import { LiveSupport } from "@/components/support/live-support";
import { MessageList } from "@/components/support/message-list";
import { SupportStatusBadge } from "@/components/support/status-badge";
import { Time } from "@/components/time";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { AppError } from "@/lib/core/errors";
import { isUuid } from "@/lib/core/ids";
import { adminConversation } from "@/lib/support/admin-conversation";
import { ConversationActions } from "./conversation-actions";
import { SupportReplyForm } from "./reply-form";

export const metadata: Metadata = { title: "Conversation" };

export default async function AdminSupportConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { user } = await requireAdmin();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const found = await adminConversation(await getDb(), { id: id.toLowerCase() }).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  });
  const { conversation: c, relatedItem, messages } = found;
  const requester = c.requester.kind === "user" ? c.requester.username : c.requester.email;
  return (
    <div className="space-y-4 xl:max-w-4xl">
      <LiveSupport id={c.id} />
      <Link href="/admin/support" className="text-sm text-gold hover:text-gold-soft">
        ← Customer Service queue
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-semibold">{c.subject}</h1>
        <SupportStatusBadge status={c.status} forSupport />
      </div>
      <section className="card space-y-2 text-sm" aria-label="About this conversation">
        <p>
          From{" "}
          {c.requester.kind === "user" ? (
            <Link href={`/admin/users/${c.requester.userId}`} className="text-gold underline hover:text-gold-soft">
              {c.requester.username}
            </Link>
          ) : (
            <span>
              {c.requester.email}{" "}
              <span className="text-muted">(signed out: every reply goes to this address by mail)</span>
            </span>
          )}
          <span className="text-muted">
            {" "}
            · opened <Time at={c.createdAt} />
          </span>
        </p>
        {relatedItem && (
          <p data-testid="support-related-item">
            About {relatedItem.kind === "deposit" ? "deposit" : "withdrawal"}{" "}
            <Amount value={relatedItem.amount} asset={relatedItem.currency} /> on {relatedItem.networkName}{" "}
            <StatusBadge status={relatedItem.status} />
            {relatedItem.reason && <span className="text-muted"> · {relatedItem.reason}</span>}
            {" · "}
            <Link
              href={relatedItem.kind === "deposit" ? "/admin/deposits?status=all" : "/admin/withdrawals?status=all"}
              className="text-gold underline hover:text-gold-soft"
            >
              {relatedItem.kind === "deposit" ? "Deposits" : "Withdrawals"}
            </Link>
          </p>
        )}
        <ConversationActions
          id={c.id}
          status={c.status}
          assignedTo={c.assignedTo ? (c.assignedTo.id === user.id ? "you" : c.assignedTo.username) : null}
        />
      </section>
      <MessageList messages={messages} forSupport requesterLabel={requester} />
      <SupportReplyForm id={c.id} visitor={c.requester.kind === "visitor"} />
    </div>
  );
}
