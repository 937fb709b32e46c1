const TONES: Record<string, string> = {
  pending: "border-gold/40 text-gold-soft",
  approved: "border-success/40 text-success",
  sent: "border-success/40 text-success",
  confirmed: "border-success/40 text-success",
  rejected: "border-danger/40 text-danger",
  cancelled: "border-line text-muted",
};

const LABELS: Record<string, string> = {
  pending: "Pending",
  approved: "Credited",
  sent: "Sent",
  confirmed: "Confirmed",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

/** Where a deposit or withdrawal stands, in words and colour. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs ${TONES[status] ?? "border-line text-muted"}`}>
      {LABELS[status] ?? status}
    </span>
  );
}
