import Link from "next/link";
import { targetHref, targetWords } from "@/lib/audit/words";

/** What an audited action was done to, in words; the raw type and id on hover, a link where it has a screen. */
export function AuditTarget({
  entry,
}: {
  entry: { targetType: string; targetId: string | null; target: string | null };
}) {
  const words = targetWords(entry);
  const raw = entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType;
  const href = targetHref(entry);
  return href ? (
    <Link href={href} title={raw} className="text-gold hover:text-gold-soft">
      {words}
    </Link>
  ) : (
    <span title={raw}>{words}</span>
  );
}
