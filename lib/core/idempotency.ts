import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import { idempotencyKeys } from "@/db/schema";
import { runTransaction, type TransactionOptions } from "@/db/transaction";
import { badRequest, conflict } from "@/lib/core/errors";

export interface Outcome<T> {
  status: number;
  body: T;
  replayed: boolean;
}

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The Idempotency-Key header, if sent; a malformed one is refused rather than ignored. */
export function idempotencyKeyOf(req: Request): string | null {
  const key = req.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY.test(key)) {
    throw badRequest("Idempotency-Key must be 8 to 128 letters, digits or - _ . :", undefined, "BAD_IDEMPOTENCY_KEY");
  }
  return key;
}

/** The Idempotency-Key a call cannot go without (a new position must never be opened twice by a retry). */
export function requiredIdempotencyKey(req: Request): string {
  const key = idempotencyKeyOf(req);
  if (!key)
    throw badRequest(
      "This request needs an Idempotency-Key header, so a retry cannot apply it twice",
      undefined,
      "IDEMPOTENCY_KEY_REQUIRED",
    );
  return key;
}

const hashOf = (request: unknown) => createHash("sha256").update(JSON.stringify(request)).digest("hex");

/**
 * The stored answer of a request already made with this key, if any (and it was the same request),
 * without claiming anything: lets a handler replay a retry before checks that cannot run twice,
 * such as a one-time code that the first attempt used up.
 */
export async function priorOutcome<T>(
  db: Db,
  claim: { scope: string; key: string | null; request: unknown },
): Promise<Outcome<T> | null> {
  if (!claim.key) return null;
  const [prior] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
  if (!prior || prior.status === null || prior.requestHash !== hashOf(claim.request)) return null;
  return { status: prior.status, body: prior.response as T, replayed: true };
}

// Every keyed money-moving call runs both (db/raw.ts: written once, prepared once per connection).
// The answer travels as text: drizzle leaves the drivers' own JSON handling off.
const CLAIM =
  "insert into idempotency_keys (scope, key, request_hash) values ($1, $2, $3) on conflict do nothing returning scope";
const ANSWER = "update idempotency_keys set status = $3, response = $4::text::jsonb where scope = $1 and key = $2";

/**
 * Runs a money-moving `work` once per (scope, key). The key is claimed in the same transaction
 * that moves the money, so a crash leaves neither; a concurrent duplicate waits on the claim and
 * then replays the stored answer. The same key with a different request is a 409.
 */
export async function onceFor<T>(
  db: Db,
  claim: { scope: string; key: string | null; request: unknown },
  work: (tx: Db) => Promise<{ status: number; body: T }>,
  options: TransactionOptions = {},
): Promise<Outcome<T>> {
  const { scope, key } = claim;
  if (!key) return { ...(await runTransaction(db, work, options)), replayed: false };
  const requestHash = hashOf(claim.request);
  return runTransaction(
    db,
    async (tx) => {
      const claimed = await query(tx, CLAIM, [scope, key, requestHash]);
      if (claimed.length === 0) {
        const [prior] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
        if (!prior || prior.requestHash !== requestHash) {
          throw conflict("This Idempotency-Key was already used for a different request", "IDEMPOTENCY_KEY_REUSED");
        }
        return { status: prior.status ?? 200, body: prior.response as T, replayed: true };
      }
      const outcome = await work(tx);
      await query(tx, ANSWER, [scope, key, outcome.status, JSON.stringify(outcome.body)]);
      return { ...outcome, replayed: false };
    },
    options,
  );
}
