const TONES: Record<string, string> = {
  open: "border-gold/40 text-gold-soft",
  answered: "border-success/40 text-success",
  closed: "border-line text-muted",
};

/** Where a conversation stands, in words and colour; `forSupport` says it from support's side. */
export function SupportStatusBadge({ status, forSupport = false }: { status: string; forSupport?: boolean }) {
  const words = forSupport
    ? { open: "Waiting for us", answered: "Answered", closed: "Closed" }
    : { open: "Waiting for Aurum support", answered: "Answered", closed: "Closed" };
  return (
    <span
      data-testid="support-status"
      className={`shrink-0 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs ${TONES[status] ?? "border-line text-muted"}`}
    >
      {words[status as keyof typeof words] ?? status}
    </span>
  );
}
