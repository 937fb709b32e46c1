import { NextResponse } from "next/server";
import { uuidParam, withUser } from "@/lib/http/handler";
import { proofFor } from "@/lib/proof/snapshots";

/** The caller's proof file for a snapshot: the answer is the file itself, as the verifiers take it. */
export const GET = withUser<{ id: string }>(async ({ db, auth, params }) =>
  NextResponse.json(await proofFor(db, uuidParam(params.id, "No such snapshot"), auth.user.id)),
);
