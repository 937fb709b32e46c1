import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { outbox } from "@/db/schema";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
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

/**
 * Sends committed outbox messages by SMTP when SMTP_URL is set; without it they stay in the outbox
 * for administrators. A delivered message is marked sent and its body dropped (it may hold a reset
 * link that nobody else should read); a failure is recorded on the message and keeps the body.
 */
export async function deliver(db: Db, ids: string[]): Promise<void> {
  if (!smtpConfigured()) return;
  for (const id of ids) {
    const [message] = await db.select().from(outbox).where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
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
