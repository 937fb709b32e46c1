import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { proofSnapshots } from "@/db/schema";
import { utcText } from "@/lib/core/format";
import { AppError } from "@/lib/core/errors";
import { readChainReserves } from "@/lib/chain/reserves";
import { snapshotIn } from "@/lib/proof/snapshot";
import { adminsNeedingApproval } from "../policy";
import type { Rule } from "../rule";

const payload = z.object({}).strict();

/**
 * A proof-of-liabilities snapshot within the hour of the last administrator's: each is a full read of
 * the books, so one administrator alone takes at most one an hour, and a second one approving lets one
 * more through (after an incident, say, when users want to check their balances at once).
 */
export const proofSnapshotForce: Rule<z.infer<typeof payload>> = {
  label: "Snapshot within the hour",
  payload,
  // The snapshot reads every user's balances page by page: from one view of the books.
  repeatableRead: true,
  prepare: async (db) => ({ chainReserves: await readChainReserves(db) }),
  async review(tx) {
    if (!(await adminsNeedingApproval(tx))) {
      throw new AppError(
        422,
        "SECOND_ADMIN_REQUIRED",
        "Only a second administrator can let a snapshot through within the hour, and there is none: take one when the hour is over.",
      );
    }
    const [last] = await tx
      .select({ takenAt: proofSnapshots.takenAt })
      .from(proofSnapshots)
      .where(and(eq(proofSnapshots.trigger, "admin"), ne(proofSnapshots.rootHash, "")))
      .orderBy(desc(proofSnapshots.takenAt))
      .limit(1);
    return {
      summary: "Take a proof-of-liabilities snapshot now, within the hour of the last one",
      changes: [
        {
          label: "Last administrator's snapshot",
          before: last ? utcText(last.takenAt) : "none",
          after: "a new one, when approved",
        },
      ],
    };
  },
  async run(tx, _payload, { actor, now, prepared }) {
    // Never a snapshot silently without the chains' reserves: approveProposal always prepares them.
    if (!prepared?.chainReserves) throw new Error("the chains' reserves are read before the approval's transaction");
    const snapshot = (await snapshotIn(tx, { trigger: "admin", actor, now, forced: true }, prepared.chainReserves))!;
    return { snapshotId: snapshot.id, rootHash: snapshot.rootHash, accountCount: snapshot.accountCount };
  },
};
