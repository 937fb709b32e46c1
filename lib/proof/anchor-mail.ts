import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLogs, users, type ProofSnapshot } from "@/db/schema";
import { parseLink } from "@/lib/audit/head";
import { utcText } from "@/lib/core/format";
import { auditHeadMail } from "@/lib/mail/messages";
import { queueMail } from "@/lib/mail/outbox";
import { getSettings } from "@/lib/settings";

/**
 * Queues, with the day's snapshot, a mail of the audit head it published to every administrator, so
 * the anchor also lives outside the database (the mails leave by SMTP; without it they stay queued,
 * and the snapshots and audit:verify's log lines are the anchors left).
 */
export async function mailAuditHead(tx: Db, snapshot: ProofSnapshot): Promise<void> {
  const link = snapshot.auditHead ? parseLink(snapshot.auditHead) : null;
  if (!link) return;
  const [entry] = await tx.select({ at: auditLogs.createdAt }).from(auditLogs).where(eq(auditLogs.seq, link.seq));
  const { siteName } = await getSettings(tx);
  const admins = await tx
    .select({ email: users.email, username: users.username, antiPhishingCode: users.antiPhishingCode })
    .from(users)
    .where(eq(users.role, "admin"));
  for (const admin of admins) {
    const mail = auditHeadMail({
      to: admin.email,
      username: admin.username,
      siteName,
      head: snapshot.auditHead!,
      headAt: entry ? utcText(entry.at) : "unknown",
      rootHash: snapshot.rootHash,
      day: snapshot.day,
    });
    await queueMail(tx, { ...mail, antiPhishingCode: admin.antiPhishingCode });
  }
}
