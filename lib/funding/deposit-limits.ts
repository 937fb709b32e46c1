import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deposits, uploads, users } from "@/db/schema";
import { readEnv } from "@/lib/core/env";
import { AppError, notFound } from "@/lib/core/errors";
import { consume, limited } from "@/lib/core/rate-limit";
import { HOUR_MS } from "@/lib/core/time";

/**
 * Proof images of one user's deposits waiting for review, together: two full-size proofs. Proofs
 * live in the database, so without it one account could fill the disk faster than anyone reviews.
 */
export const MAX_PENDING_PROOF_BYTES = 10 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;

/**
 * Counts a deposit submitted from `ip` toward DEPOSITS_PER_IP_PER_HOUR, refused or not, and
 * refuses it (429) past the limit. Counting and checking are one statement (see `consume`).
 */
export async function assertDepositRate(db: Db, ip: string, now = Date.now()): Promise<void> {
  const limit = { max: readEnv().DEPOSITS_PER_IP_PER_HOUR, windowMs: HOUR_MS };
  const wait = await consume(db, `deposit:ip:${ip}`, limit, now);
  if (wait > 0) throw limited("Too many deposits were submitted from your network.", wait);
}

/**
 * Makes sure the user may add a pending deposit with a proof of `proofBytes`: fewer than
 * DEPOSITS_PENDING_PER_USER pending, and their proofs together within MAX_PENDING_PROOF_BYTES.
 * Call it in the transaction that inserts the deposit: it locks the user's row, so a parallel
 * burst of one user's deposits is counted one at a time and cannot all pass.
 */
export async function assertRoomForDeposit(tx: Db, userId: string, proofBytes: number): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw notFound("User not found");
  const [pending] = await tx
    .select({ n: count(), bytes: sql`coalesce(sum(${uploads.size}), 0)`.mapWith(Number) })
    .from(deposits)
    .innerJoin(uploads, eq(uploads.id, deposits.proofId))
    .where(and(eq(deposits.userId, userId), eq(deposits.status, "pending")));
  const { n, bytes } = pending ?? { n: 0, bytes: 0 };
  const max = readEnv().DEPOSITS_PENDING_PER_USER;
  if (n >= max) {
    throw new AppError(
      409,
      "TOO_MANY_PENDING_DEPOSITS",
      `You have ${n} deposit${n === 1 ? "" : "s"} waiting for review, the most at once. Please submit this one after one of them is confirmed or rejected.`,
    );
  }
  if (bytes + proofBytes > MAX_PENDING_PROOF_BYTES) {
    const message = `Your deposits waiting for review already hold ${megabytes(bytes)} of proof images, and ${megabytes(MAX_PENDING_PROOF_BYTES)} is the most. Please attach a smaller screenshot, or submit this one after one of them is reviewed.`;
    throw new AppError(409, "PROOF_STORAGE_FULL", message, { proof: ["Too large for now"] });
  }
}
