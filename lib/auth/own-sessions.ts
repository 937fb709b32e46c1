import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { sessions } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { recordActivity } from "@/lib/activity/record";
import { revokeOtherSessions, revokeSession } from "./sessions";
import { notFound } from "@/lib/core/errors";
import { readableAddress } from "@/lib/core/format";
import type { sessionViewSchema } from "./answers";
import { describeDevice } from "./device";

type SessionView = z.infer<typeof sessionViewSchema>;

/** The user's live sessions, newest first, the caller's own marked `current`. */
export async function listSessions(db: Db, userId: string, currentSessionId: string): Promise<SessionView[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.userAgent),
    ip: readableAddress(s.ip),
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastSeenAt.toISOString(),
    current: s.id === currentSessionId,
  }));
}

/** Ends one of the user's own sessions; someone else's, or one already ended, is a 404. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await runTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .limit(1);
    if (!row) throw notFound("Session not found");
    await revokeSession(tx, row.id);
    await recordActivity(tx, { userId, kind: "sessions.revoked", facts: { count: 1 } });
  });
}

/** Ends every session of the user except the one making the request. */
export function revokeOthers(db: Db, userId: string, currentSessionId: string): Promise<string[]> {
  return runTransaction(db, async (tx) => {
    const ended = await revokeOtherSessions(tx, userId, currentSessionId);
    if (ended.length > 0)
      await recordActivity(tx, { userId, kind: "sessions.revoked", facts: { count: ended.length } });
    return ended;
  });
}
