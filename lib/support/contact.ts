import type { Db } from "@/db/client";
import { supportConversations, supportMessages } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { queueMail } from "@/lib/mail/outbox";
import { getSettings } from "@/lib/settings";
import { announceToSupport } from "./announce";
import type { ContactInput } from "./input";
import { takeContactHit } from "./limits";

/** A visitor's message has no subject: the first line stands for it in support's queue. */
export function subjectOf(message: string): string {
  const first =
    message
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? "Message";
  return first.length > 80 ? `${first.slice(0, 79)}…` : first;
}

/**
 * A signed-out visitor writes to support: a conversation answered by mail, to the address given.
 * Limited per email and per client address (./limits). The visitor is mailed a receipt in the same
 * transaction, and it carries none of what was typed: whoever typed someone else's address can
 * make Aurum send them only this, a few times an hour, never words of their choosing.
 */
export async function contactSupport(tx: Db, params: { input: ContactInput; ip: string; origin: string; now?: Date }) {
  const { input, ip, origin, now = new Date() } = params;
  await takeContactHit(tx, input.email, ip, now);
  const id = newId();
  const [conversation] = await tx
    .insert(supportConversations)
    .values({
      id,
      visitorEmail: input.email,
      subject: subjectOf(input.message),
      status: "open",
      createdAt: now,
      updatedAt: now,
      lastMessageAt: now,
    })
    .returning();
  await tx
    .insert(supportMessages)
    .values({ id: newId(), conversationId: id, authorKind: "visitor", body: input.message, createdAt: now });
  const { siteName } = await getSettings(tx);
  await queueMail(tx, {
    to: input.email,
    subject: `${siteName}: we have your message`,
    text: [
      "Hello,",
      "",
      `${siteName} Customer Service received a message sent from ${origin}/contact with this address. We answer by mail to this address, usually within one working day.`,
      `Your reference: ${id.slice(-8)}`,
      "",
      "If you did not write to us, ignore this mail: nothing else will come unless someone answers that message.",
      "",
      siteName,
    ].join("\n"),
  });
  await announceToSupport(tx, conversation!, null);
  return { reference: id.slice(-8) };
}
