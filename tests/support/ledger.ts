import type { Db } from "@/db/client";
import { post } from "@/lib/ledger/post";

/** Funds a user's spot account from the external world, as a deposit would. */
export function fund(db: Db, userId: string, asset: string, units: bigint) {
  return post(db, {
    kind: "deposit",
    legs: [
      { account: { userId, asset, kind: "spot" }, amount: units },
      { account: { system: "external", asset }, amount: -units },
    ],
  });
}
