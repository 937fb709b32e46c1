import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outbox } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { log } from "@/lib/core/log";
import { sendBySmtp, smtpConfigured, type Mail } from "./transport";

/**
 * Writes a message to the outbox with the transaction that decided to send it, so it exists if and
 * only if that commits. Hand the id to `deliver` once it has.
 */
export async function queueMail(tx: Db, mail: Mail): Promise<string> {
  const id = newId();
  // Every message from Aurum carries the code the user chose, so a mail without it is not ours.
  const text = mail.antiPhishingCode ? `Your anti-phishing code: ${mail.antiPhishingCode}\n\n${mail.text}` : mail.text;
  await tx.insert(outbox).values({ id, to: mail.to, subject: mail.subject, text });
  return id;
}

const MAX_ERROR_LENGTH = 500;
// A sender that died after claiming a message gives it up after this long.
const CLAIM_MS = 5 * 60_000;

/** Claims an unsent message for this sender, in one conditional update: of two senders one wins. */
async function claim(db: Db, id: string, now: Date) {
  const [message] = await db
    .update(outbox)
    .set({ claimedAt: now })
    .where(
      and(
        eq(outbox.id, id),
        isNull(outbox.sentAt),
        or(isNull(outbox.claimedAt), lt(outbox.claimedAt, new Date(now.getTime() - CLAIM_MS))),
      ),
    )
    .returning();
  return message;
}

/**
 * Sends committed outbox messages by SMTP when SMTP_URL is set; without it they stay in the outbox
 * for administrators. Each is claimed first, so the job and a caller delivering its own message
 * never both send it. A delivered message is marked sent and its body dropped (it may hold a reset
 * link that nobody else should read); a failure is recorded on the message and keeps the body.
 */
export async function deliver(db: Db, ids: string[]): Promise<void> {
  if (!smtpConfigured()) return;
  for (const id of ids) {
    const message = await claim(db, id, new Date());
    if (!message || message.text === null) continue;
    try {
      await sendBySmtp({ to: message.to, subject: message.subject, text: message.text });
      await db.update(outbox).set({ sentAt: new Date(), text: null, error: null }).where(eq(outbox.id, id));
    } catch (err) {
      log.error({ err, outboxId: id }, "mail delivery failed");
      const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);
      await db.update(outbox).set({ error }).where(eq(outbox.id, id));
    }
  }
}

const BATCH = 20;

/**
 * Sends what is queued and not yet sent or failed, oldest first: mail queued deep inside an action's
 * transaction (lib/activity) has no caller left to send it once that commits. A failed message is
 * not tried again (its error is on /admin/outbox). Answers how many it found to send.
 */
export async function deliverQueued(db: Db): Promise<number> {
  if (!smtpConfigured()) return 0;
  const queued = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        isNull(outbox.error),
        or(isNull(outbox.claimedAt), lt(outbox.claimedAt, new Date(Date.now() - CLAIM_MS))),
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(BATCH);
  await deliver(
    db,
    queued.map((m) => m.id),
  );
  return queued.length;
}
