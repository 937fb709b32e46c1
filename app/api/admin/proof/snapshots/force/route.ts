import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { clientIp, withAdmin } from "@/lib/http/handler";

/** Asks a second administrator to let a snapshot through within the hour of the last one. */
export const POST = withAdmin(async ({ req, db, auth }) => {
  const proposal = await runTransaction(db, (tx) =>
    proposalFor(tx, "proof.snapshot", {}, { id: auth.user.id, ip: clientIp(req) }),
  );
  // Its review never lets one administrator through alone: it proposes or refuses.
  const { status, body } = proposedAnswer(proposal!);
  return NextResponse.json(body, { status });
});
