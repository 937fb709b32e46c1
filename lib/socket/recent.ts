/**
 * What this instance heard of in the last `rememberMs`, by key, with when. It covers the moment
 * between a socket's handshake or a page's render and the socket joining its rooms, when events
 * have nowhere to go: a session revoked just after the handshake read it, or a balance that changed
 * just after the page read it.
 */
export class Recent {
  private readonly seenAt = new Map<string, number>();

  constructor(private readonly rememberMs: number) {}

  add(key: string, now = Date.now()): void {
    // Entries are kept oldest first, so forgetting stops at the first one still fresh.
    for (const [k, at] of this.seenAt) {
      if (now - at <= this.rememberMs) break;
      this.seenAt.delete(k);
    }
    this.seenAt.delete(key);
    this.seenAt.set(key, now);
  }

  /** When `key` was last added, if that is still remembered. */
  at(key: string, now = Date.now()): number | undefined {
    const at = this.seenAt.get(key);
    return at !== undefined && now - at <= this.rememberMs ? at : undefined;
  }

  has(key: string, now = Date.now()): boolean {
    return this.at(key, now) !== undefined;
  }
}

/** Long enough to cover a handshake that read its session just before the revocation committed. */
export const REVOCATIONS_REMEMBERED_MS = 60_000;
/** Long enough to cover a page's load on a slow phone, from its server render to its socket's registration. */
export const BALANCE_CHANGES_REMEMBERED_MS = 60_000;

/** What an instance keeps in memory to hand late-joining sockets what they missed. */
export interface RealtimeMemory {
  revocations: Recent;
  balanceChanges: Recent;
}

export const realtimeMemory = (): RealtimeMemory => ({
  revocations: new Recent(REVOCATIONS_REMEMBERED_MS),
  balanceChanges: new Recent(BALANCE_CHANGES_REMEMBERED_MS),
});
