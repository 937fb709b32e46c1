import type { Metadata } from "next";
import { Pager } from "@/components/pager";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { paginationSchema, plainParams } from "@/lib/core/query";
import { listOutbox } from "@/lib/mail/list";
import { smtpConfigured } from "@/lib/mail/transport";
import { Time } from "@/components/time";

export const metadata: Metadata = { title: "Outbox" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function Delivery({ sentAt, error, smtp }: { sentAt: string | null; error: string | null; smtp: boolean }) {
  if (sentAt)
    return (
      <span className="text-gold-soft">
        Sent by SMTP <Time at={sentAt} />
      </span>
    );
  if (error) return <span className="text-danger">Not delivered: {error}</span>;
  return <span className="text-muted">{smtp ? "Waiting for SMTP" : "Held here (no SMTP configured)"}</span>;
}

export default async function AdminOutboxPage({ searchParams }: Props) {
  await requireAdmin();
  const parsed = paginationSchema.safeParse(plainParams(await searchParams));
  const query = parsed.success ? parsed.data : paginationSchema.parse({});
  const { messages, total } = await listOutbox(await getDb(), query);
  const smtp = smtpConfigured();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">Outbox</h1>
      <p className="max-w-3xl text-sm text-muted">
        {smtp
          ? "Mail leaves by SMTP (SMTP_URL). Each message is listed with its delivery; a delivered message's body is not kept."
          : "No SMTP server is configured (SMTP_URL), so mail stays here: pass a message on to its recipient yourself. A reset link opens the account it was sent for: share it only with that account's verified owner."}{" "}
        Mail addressed to an administrator is never listed here: it leaves only by SMTP, and an administrator&apos;s
        &ldquo;forgot password&rdquo; sends no link without it.
      </p>
      {messages.length === 0 ? (
        <p className="card text-muted">No mail yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.id} className="card space-y-2" data-testid="outbox-message">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">{m.subject}</h2>
                <Time at={m.createdAt} className="text-xs text-muted tabular-nums" />
              </div>
              <p className="text-sm">
                To <span className="break-all">{m.to}</span>
              </p>
              <p className="text-sm">
                <Delivery sentAt={m.sentAt} error={m.error} smtp={smtp} />
              </p>
              {m.text !== null && (
                <pre className="whitespace-pre-wrap break-words rounded-lg bg-raised p-3 font-sans text-sm">
                  {m.text}
                </pre>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={query.page} pageSize={query.pageSize} total={total} query={{}} />
    </div>
  );
}
