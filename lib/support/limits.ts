import type { Db } from "@/db/client";
import { consumeAll, limited, type Limit } from "@/lib/core/rate-limit";
import { HOUR_MS } from "@/lib/core/time";

/*
 * How much one person may write to support. A signed-out visitor is limited like a sign-up: per
 * client address, and per email address (lowercased) whichever network it comes from, so a script can
 * neither flood the queue from one address nor mail-bomb one inbox through support's answers. A
 * signed-in user is limited per account. Each is taken in the transaction that writes the message, so
 * an attempt that fails for another reason (or a replay) counts nothing.
 */
export const CONTACT_PER_EMAIL: Limit = { max: 3, windowMs: HOUR_MS };
export const CONTACT_PER_ADDRESS: Limit = { max: 10, windowMs: HOUR_MS };
export const CONVERSATIONS_PER_USER: Limit = { max: 10, windowMs: HOUR_MS };
export const MESSAGES_PER_USER: Limit = { max: 60, windowMs: HOUR_MS };

export async function takeContactHit(tx: Db, email: string, ip: string, now: Date): Promise<void> {
  const wait = await consumeAll(
    tx,
    [
      { key: `support:contact:email:${email}`, limit: CONTACT_PER_EMAIL },
      { key: `support:contact:ip:${ip}`, limit: CONTACT_PER_ADDRESS },
    ],
    now.getTime(),
  );
  if (wait > 0) throw limited("Too many messages were sent to Customer Service from here.", wait);
}

export async function takeUserHit(tx: Db, userId: string, what: "conversation" | "message", now: Date): Promise<void> {
  const limit = what === "conversation" ? CONVERSATIONS_PER_USER : MESSAGES_PER_USER;
  const wait = await consumeAll(tx, [{ key: `support:${what}:user:${userId}`, limit }], now.getTime());
  if (wait > 0)
    throw limited(
      what === "conversation"
        ? "You opened many conversations in the last hour."
        : "You sent many messages in the last hour.",
      wait,
    );
}
