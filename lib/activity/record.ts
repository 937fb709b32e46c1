import type { Db } from "@/db/client";
import { accountEvents } from "@/db/schema";
import { inSavepoint } from "@/db/transaction";
import { newId } from "@/lib/core/ids";
import { queueMail } from "@/lib/mail/outbox";
import { createNotification } from "@/lib/notifications/create";
import { mailRecipient } from "@/lib/notifications/preferences";
import { getSettings } from "@/lib/settings";
import { utcText } from "@/lib/core/format";
import { ACTIVITY, ACTOR_LABELS, sentenceOf, type ActivityKind, type FactsOf } from "./catalogue";

export interface ActivityInput<K extends ActivityKind> {
  userId: string;
  kind: K;
  facts: FactsOf<K>;
  reason?: string | null;
  /** The administrator who acted, kept for support; the user reads "Aurum support". */
  supportId?: string | null;
  /**
   * The address the account had until this action (a changed email): the mail goes there too, as
   * whoever moved the account to an address of their own would not warn its owner at the new one.
   */
  formerEmail?: string;
}

/**
 * Records what was done to an account, in the caller's transaction (so it exists exactly when the
 * action commits), tells the user by a notification (to their sockets and devices at commit) and,
 * per the catalogue, queues a mail: a security mail always, an optional one unless the user switched
 * its category's mail off. The
 * mail leaves once committed (lib/mail/deliver-job, or the caller's own `deliver` of the id returned).
 */
export async function recordActivity<K extends ActivityKind>(
  db: Db,
  input: ActivityInput<K>,
  at = new Date(),
): Promise<{ mailId: string | null }> {
  const spec = ACTIVITY[input.kind];
  const reason = input.reason ?? null;
  const text = sentenceOf(input.kind, input.facts, reason, at);
  return inSavepoint(db, async (tx) => {
    await tx.insert(accountEvents).values({
      id: newId(),
      userId: input.userId,
      kind: input.kind,
      actor: spec.by,
      actorId: input.supportId ?? null,
      facts: input.facts,
      reason,
      createdAt: at,
    });
    await createNotification(tx, {
      userId: input.userId,
      title: spec.title,
      message: text,
      category: spec.category,
      senderId: input.supportId ?? null,
    });
    if (spec.mail === "none") return { mailId: null };
    const user = await mailRecipient(tx, input.userId, spec.category, spec.mail === "security");
    if (!user) return { mailId: null };
    const { siteName } = await getSettings(tx);
    const footer =
      spec.mail === "security"
        ? "If this was not you, change your password, freeze your account in Security and contact Customer Service at once."
        : "You can switch off mail about deposits and withdrawals in Security; mail about your account's security always comes.";
    const mail = {
      subject: `${siteName}: ${spec.title}`,
      text: [
        `Hello ${user.username},`,
        "",
        text,
        "",
        `When: ${utcText(at)}`,
        `By: ${ACTOR_LABELS[spec.by]}`,
        "",
        footer,
        "",
        siteName,
      ].join("\n"),
      antiPhishingCode: user.antiPhishingCode,
    };
    const mailId = await queueMail(tx, { to: user.email, ...mail });
    if (input.formerEmail && input.formerEmail.toLowerCase() !== user.email.toLowerCase())
      await queueMail(tx, { to: input.formerEmail, ...mail });
    return { mailId };
  });
}
