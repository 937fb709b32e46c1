import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, users, type Session, type User } from "@/db/schema";
import { newId } from "@/lib/core/ids";
import { dropSessions } from "@/lib/realtime/publish";
import { q } from "@/db/statement";
import { mintToken, readToken, SESSION_MAX_AGE_SECONDS, tokenFromRequest } from "./token";

export interface Authenticated {
  user: User;
  session: Session;
}

// Writing last_seen on every request would turn each read into a write.
const TOUCH_INTERVAL_MS = 60_000;

/** A new session's row: it lives as long as its token. */
export function newSession(
  userId: string,
  meta: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Session {
  return {
    id: newId(),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
    ip: meta.ip,
    userAgent: meta.userAgent,
    revokedAt: null,
  };
}

/** Inserts `session` (a `with` entry, or a statement of its own). */
export const insertingSession = (
  session: Session,
) => q`insert into sessions (id, user_id, created_at, last_seen_at, expires_at, ip, user_agent)
  values (${session.id}::uuid, ${session.userId}::uuid, ${session.createdAt.toISOString()}::timestamptz, ${session.lastSeenAt.toISOString()}::timestamptz,
    ${session.expiresAt.toISOString()}::timestamptz, ${session.ip}::text, ${session.userAgent}::text)`;

export const sessionToken = (user: User, session: Session): Promise<string> =>
  mintToken({ sub: user.id, sid: session.id, role: user.role, name: user.username });

export async function createSession(
  db: Db,
  user: User,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ session: Session; token: string }> {
  const [session] = await db.insert(sessions).values(newSession(user.id, meta)).returning();
  return { session: session!, token: await sessionToken(user, session!) };
}

const sessionQuery = (db: Db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("sid")), eq(sessions.userId, sql.placeholder("sub"))))
    .limit(1)
    .prepare("auth_session_check");

// Every signed-in request runs it: built once per database (drizzle's prepared query), not per call.
const sessionChecks = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

function sessionCheck(db: Db): ReturnType<typeof sessionQuery> {
  let check = sessionChecks.get(db);
  if (!check) sessionChecks.set(db, (check = sessionQuery(db)));
  return check;
}

/**
 * A token is only as good as its session row: revoked, expired, or belonging to a disabled
 * user means no access, whatever the token's own signature and expiry say.
 */
export async function authenticateToken(db: Db, token: string | null): Promise<Authenticated | null> {
  if (!token) return null;
  const claims = await readToken(token);
  if (!claims) return null;
  const [row] = await sessionCheck(db).execute({ sid: claims.sid, sub: claims.sub });
  if (!row) return null;
  const now = Date.now();
  if (row.session.revokedAt || row.session.expiresAt.getTime() <= now || row.user.status !== "active") return null;
  if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.session.id));
  }
  return row;
}

export function authenticateRequest(db: Db, req: Request): Promise<Authenticated | null> {
  return authenticateToken(db, tokenFromRequest(req));
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await dropSessions(
    db,
    ended.map((s) => s.id),
  );
}

/** Ends every live session of a user (password reset, disabling); returns the ended session ids. */
export async function revokeUserSessions(db: Db, userId: string): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const ids = ended.map((s) => s.id);
  await dropSessions(db, ids);
  return ids;
}

/** Ends every live session of a user but `keepSessionId` (the caller's own); returns the ended ids. */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const ids = ended.map((s) => s.id);
  await dropSessions(db, ids);
  return ids;
}
