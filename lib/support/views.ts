import type { SupportConversation, SupportMessage } from "@/db/schema";

/** How support signs to the user: never an administrator's name, at most the first name they chose. */
export const SUPPORT_LABEL = "Aurum support";
export const supportSignature = (firstName: string | null) =>
  firstName ? `${SUPPORT_LABEL} · ${firstName}` : SUPPORT_LABEL;

export const STATUS_LABELS = { open: "Waiting for Aurum support", answered: "Answered", closed: "Closed" } as const;

const related = (c: SupportConversation) =>
  c.relatedKind && c.relatedId ? { kind: c.relatedKind, id: c.relatedId } : null;

/** A conversation as its owner sees it in a list. */
export function conversationView(c: SupportConversation) {
  return {
    id: c.id,
    subject: c.subject,
    status: c.status,
    statusLabel: STATUS_LABELS[c.status],
    related: related(c),
    createdAt: c.createdAt.toISOString(),
    lastMessageAt: c.lastMessageAt.toISOString(),
  };
}

/**
 * A message as the user reads it: theirs, or support's signed "Aurum support" (· first name) and
 * marked `fromSupport`. Never an internal note (the callers never select one) nor who at support.
 */
export function userMessageView(m: SupportMessage) {
  const fromSupport = m.authorKind === "support";
  return {
    id: m.id,
    fromSupport,
    author: fromSupport ? supportSignature(m.supportName) : "You",
    body: m.body,
    createdAt: m.createdAt.toISOString(),
  };
}

export type ConversationView = ReturnType<typeof conversationView>;
export type UserMessageView = ReturnType<typeof userMessageView>;

/** The writer of a conversation, for support's queue. */
export type Requester = { kind: "user"; userId: string; username: string } | { kind: "visitor"; email: string };

/** A conversation in support's queue: who wrote, who has it, how long it has waited. */
export function queueView(c: SupportConversation, who: { username: string | null; assignee: string | null }) {
  const requester: Requester = c.userId
    ? { kind: "user", userId: c.userId, username: who.username ?? "" }
    : { kind: "visitor", email: c.visitorEmail ?? "" };
  return {
    ...conversationView(c),
    requester,
    assignedTo: c.assignedTo ? { id: c.assignedTo, username: who.assignee ?? "" } : null,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A message as support reads it: internal notes included and marked, and which administrator wrote. */
export function supportMessageView(m: SupportMessage, adminName: string | null) {
  return {
    ...userMessageView(m),
    authorKind: m.authorKind,
    internal: m.internal,
    supportName: m.supportName,
    adminUsername: m.authorKind === "support" ? adminName : null,
  };
}

export type QueueView = ReturnType<typeof queueView>;
export type SupportMessageView = ReturnType<typeof supportMessageView>;
