import type { Db } from "@/db/client";
import { log } from "@/lib/core/log";
import type { ChainHead } from "./chain";
import type { ChainLink } from "./head";
import { noteHead, seenHead } from "./seen";
import { type ChainBreak, type ChainCheck, type Outside, verifyAuditChain } from "./verify";

/** How often an instance walks the whole chain again; between walks, each look checks only what was added. */
export const FULL_CHECK_EVERY_MS = 10 * 60_000;
/** How long an instance's first look waits for its first full walk before saying it is still checking. */
const FIRST_LOOK_WAIT_MS = 1_000;

interface Checkpoint {
  /** The last row a walk found in place; the next look starts after it and checks it is still there. */
  verified: ChainLink | null;
  /** When the last full walk ended (0: none yet). */
  fullAt: number;
  /** The break the last full walk found, kept until a full walk finds none. */
  broken: ChainCheck | null;
  walking: Promise<void> | null;
}

interface Times {
  checkedAt: string;
  /** When this instance last walked the whole chain. */
  fullCheckAt: string | null;
}

/**
 * `cut`: the chain ends before a head this instance saw (appended or verified) — its last rows were
 * removed; `broken`: any other row that does not fit. `outside` names rows with no place in the chain.
 */
export type ChainStatus =
  | ({ state: "intact"; entries: number; head: ChainHead | null; outside: Outside } & Times)
  | ({ state: "cut"; break: ChainBreak; seen: ChainHead | null; outside: Outside } & Times)
  | ({ state: "broken"; break: ChainBreak; outside: Outside } & Times)
  | { state: "checking"; checkedAt: string; fullCheckAt: null };

// Kept per database handle (tests open several), on globalThis, as server.ts and Next's route bundles load this module separately.
const holder = globalThis as unknown as { __aurumAuditCheckpoints?: WeakMap<Db, Checkpoint> };
const checkpoints = (holder.__aurumAuditCheckpoints ??= new WeakMap());

/** Moves the checkpoint forward only: a walk that started earlier may end after a look that saw more. */
function advance(db: Db, cp: Checkpoint, head: ChainHead | null) {
  if (!head) return;
  if (head.seq > (cp.verified?.seq ?? 0)) cp.verified = { seq: head.seq, hash: head.hash };
  noteHead(db, head);
}

/** The heads the chain must still hold: the newest this instance saw, appended or verified. */
const seenLinks = (db: Db): ChainLink[] => {
  const seen = seenHead(db);
  return seen ? [seen] : [];
};

/** Walks the whole chain once at a time, in the background; whatever awaits it never fails. */
function walkWhole(db: Db, cp: Checkpoint): Promise<void> {
  cp.walking ??= verifyAuditChain(db, { expect: seenLinks(db) })
    .then((check) => {
      cp.fullAt = Date.now();
      cp.broken = check.intact ? null : check;
      if (check.intact) advance(db, cp, check.head);
    })
    .catch((err: unknown) => log.error({ err }, "audit chain: the full walk failed"))
    .finally(() => {
      cp.walking = null;
    });
  return cp.walking;
}

function statusOf(db: Db, check: ChainCheck, times: Times): ChainStatus {
  if (check.intact)
    return { state: "intact", entries: check.entries, head: check.head, outside: check.outside, ...times };
  if (check.break.kind === "cut")
    return { state: "cut", break: check.break, seen: seenHead(db), outside: check.outside, ...times };
  return { state: "broken", break: check.break, outside: check.outside, ...times };
}

/**
 * The chain's state for the dashboard, fast at any length: each look verifies only the rows added
 * since this instance's checkpoint (and that the checkpoint's row is still the same); the whole
 * chain is walked in the background on an instance's first look (which waits for it up to a second,
 * then says "checking") and again every FULL_CHECK_EVERY_MS, so an edit deep in the chain shows
 * within that time. Every look also checks the chain still holds the newest head this instance saw
 * (lib/audit/seen.ts): its end cut off shows at once, as "cut". `npm run audit:verify` always walks
 * the whole chain.
 */
export async function auditChainStatus(db: Db, now = new Date()): Promise<ChainStatus> {
  let cp = checkpoints.get(db);
  if (!cp) {
    cp = { verified: null, fullAt: 0, broken: null, walking: null };
    checkpoints.set(db, cp);
  }
  if (cp.fullAt === 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      walkWhole(db, cp),
      new Promise((resolve) => (timer = setTimeout(resolve, FIRST_LOOK_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (cp.fullAt === 0) return { state: "checking", checkedAt: now.toISOString(), fullCheckAt: null };
  } else if (now.getTime() - cp.fullAt >= FULL_CHECK_EVERY_MS) {
    void walkWhole(db, cp);
  }
  const fullCheckAt = new Date(cp.fullAt).toISOString();
  if (cp.broken) return statusOf(db, cp.broken, { checkedAt: fullCheckAt, fullCheckAt });
  const check = await verifyAuditChain(db, { from: cp.verified, expect: seenLinks(db) });
  if (check.intact) advance(db, cp, check.head);
  return statusOf(db, check, { checkedAt: now.toISOString(), fullCheckAt });
}
