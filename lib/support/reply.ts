import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { supportConversations, supportMessages, type SupportConversation } from "@/db/schema";
import { audit } from "@/lib/audit";
import { notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { queueMail } from "@/lib/mail/outbox";
import { createNotification } from "@/lib/notifications/create";
import { mailRecipient } from "@/lib/notifications/preferences";
import { getSettings } from "@/lib/settings";
import { announceToSupport, announceToUser } from "./announce";
import type { SupportMessageInput } from "./input";
import { assertOwnLinks } from "./links";
import { queueView, supportMessageView, supportSignature } from "./views";

type Actor = { id: string; username: string; ip: string | null };

const EXCERPT = 200;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

/**
 * Support writes in a conversation: a reply the user reads (signed "Aurum support", with the first
 * name the administrator chose, if any), or an `internal` note for support's eyes only. Either must
 * link nowhere but the site and the allowed hosts (./links: 422). A reply makes it the user's turn
 * (`answered`), notifies them (pushed at commit), tells their open screens, and mails them: a
 * visitor always (mail is their only way to read it), a user unless they switched optional mail off.
 * A note changes nothing the user can see and sends nothing to them. Audited, in the same transaction.
 */
export async function addSupportMessage(
  tx: Db,
  params: { id: string; input: SupportMessageInput; actor: Actor; origin: string; now?: Date },
) {
  const { input, actor, origin, now = new Date() } = params;
  const settings = await getSettings(tx);
  assertOwnLinks(
    input.message,
    new URL(origin).hostname,
    settings.support.allowedLinkHosts.split(", ").filter(Boolean),
  );
  const [before] = await tx
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.id, params.id))
    .for("update");
  if (!before) throw notFound("Conversation not found");
  const internal = input.internal === true;
  const [message] = await tx
    .insert(supportMessages)
    .values({
      id: newId(),
      conversationId: before.id,
      authorKind: "support",
      authorId: actor.id,
      supportName: internal ? null : (input.firstName ?? null),
      body: input.message,
      internal,
      createdAt: now,
    })
    .returning();
  const [conversation] = await tx
    .update(supportConversations)
    .set(internal ? { updatedAt: now } : { status: "answered", updatedAt: now, lastMessageAt: now })
    .where(eq(supportConversations.id, before.id))
    .returning();
  if (!internal)
    await tellRequester(tx, conversation!, message!.supportName, input.message, {
      origin,
      siteName: settings.siteName,
      actorId: actor.id,
      now,
    });
  await audit(tx, {
    actorId: actor.id,
    action: internal ? "support.note" : "support.reply",
    target: { type: "support_conversation", id: before.id },
    detail: {
      messageId: message!.id,
      userId: before.userId,
      visitor: before.userId === null,
      statusBefore: before.status,
      statusAfter: conversation!.status,
      signedAs: message!.supportName,
    },
    ip: actor.ip,
  });
  await announceToSupport(tx, conversation!, actor.id);
  return {
    conversation: queueView(conversation!, { username: null, assignee: null }),
    message: supportMessageView(message!, actor.username),
  };
}

/** The reply reaches whoever asked: a user by notification, live event and (optional) mail; a visitor by mail. */
async function tellRequester(
  tx: Db,
  c: SupportConversation,
  firstName: string | null,
  text: string,
  ctx: { origin: string; siteName: string; actorId: string; now: Date },
) {
  const signed = supportSignature(firstName);
  if (c.userId) {
    await createNotification(tx, {
      userId: c.userId,
      title: "Aurum support answered",
      category: "messages",
      message: `${c.subject}: ${excerpt(text)}`,
      senderId: ctx.actorId,
    });
    await announceToUser(tx, c.userId, c);
    const user = await mailRecipient(tx, c.userId, "messages");
    if (!user) return;
    await queueMail(tx, {
      to: user.email,
      subject: `${ctx.siteName}: Aurum support answered "${c.subject}"`,
      text: [
        `Hello ${user.username},`,
        "",
        `${signed} wrote:`,
        "",
        text,
        "",
        `Read the whole conversation and answer at ${ctx.origin}/support/${c.id}`,
        "",
        "You can switch off mail about messages from Aurum in Security.",
        "",
        ctx.siteName,
      ].join("\n"),
      antiPhishingCode: user.antiPhishingCode,
    });
    return;
  }
  if (!c.visitorEmail) return;
  await queueMail(tx, {
    to: c.visitorEmail,
    subject: `${ctx.siteName}: an answer to your message (${c.id.slice(-8)})`,
    text: [
      "Hello,",
      "",
      `${signed} wrote, in answer to the message you sent us:`,
      "",
      text,
      "",
      `To write again, use ${ctx.origin}/contact and mention your reference ${c.id.slice(-8)}. Replies to this mail are not read.`,
      "",
      ctx.siteName,
    ].join("\n"),
  });
}
