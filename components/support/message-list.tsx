import { Time } from "@/components/time";

export interface ThreadMessage {
  id: string;
  fromSupport: boolean;
  author: string;
  body: string;
  createdAt: string;
  internal?: boolean;
  adminUsername?: string | null;
}

/**
 * A conversation's messages, oldest first. Support's replies sit on the left, marked with a gold
 * "Support" tag and signed "Aurum support"; the writer's own on the right. For support's eyes
 * (`forSupport`), an internal note is striped and says it is never shown to the user, and each
 * reply names the administrator who wrote it.
 */
export function MessageList({
  messages,
  forSupport = false,
  requesterLabel = "You",
}: {
  messages: ThreadMessage[];
  forSupport?: boolean;
  requesterLabel?: string;
}) {
  return (
    <ol className="space-y-3" aria-label="Messages" data-testid="support-messages">
      {messages.map((m) => {
        const note = m.internal === true;
        const side = m.fromSupport ? "mr-6 sm:mr-16" : "ml-6 sm:ml-16";
        const look = note
          ? "border-dashed border-gold/60 bg-[repeating-linear-gradient(135deg,transparent,transparent_8px,rgba(212,175,55,0.06)_8px,rgba(212,175,55,0.06)_16px)]"
          : m.fromSupport
            ? "border-gold/30 bg-raised"
            : "border-line bg-panel";
        return (
          <li
            key={m.id}
            className={`${side} rounded-xl border p-3 ${look}`}
            data-testid={note ? "support-note" : m.fromSupport ? "support-reply" : "requester-message"}
          >
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
              {note ? (
                <span className="rounded border border-gold/60 px-1.5 py-0.5 font-semibold uppercase tracking-wide text-gold">
                  Internal note · never shown to the user
                </span>
              ) : m.fromSupport ? (
                <span className="rounded bg-gold px-1.5 py-0.5 font-semibold uppercase tracking-wide text-ink">
                  Support
                </span>
              ) : null}
              <span className={m.fromSupport ? "font-medium text-gold-soft" : "font-medium text-zinc-200"}>
                {m.fromSupport || note ? m.author : forSupport ? requesterLabel : m.author}
              </span>
              {forSupport && m.adminUsername && <span>by {m.adminUsername}</span>}
              <span aria-hidden="true">·</span>
              <Time at={m.createdAt} />
            </p>
            <p className="mt-1.5 whitespace-pre-wrap break-words text-sm text-zinc-100">{m.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
