// Long enough to cover a handshake that read its session just before the revocation committed.
const REMEMBER_MS = 60_000;

/**
 * Sessions revoked recently, as this instance heard of them. A socket whose handshake read the
 * session just before it was revoked connects after the revocation was announced; this is how
 * it is still turned away.
 */
export class RecentRevocations {
  private readonly revokedAt = new Map<string, number>();

  add(sessionId: string, now = Date.now()): void {
    // Entries are kept oldest first, so forgetting stops at the first one still fresh.
    for (const [id, at] of this.revokedAt) {
      if (now - at <= REMEMBER_MS) break;
      this.revokedAt.delete(id);
    }
    this.revokedAt.delete(sessionId);
    this.revokedAt.set(sessionId, now);
  }

  has(sessionId: string): boolean {
    return this.revokedAt.has(sessionId);
  }
}
