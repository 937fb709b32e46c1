import { POST as approveRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import type { Db } from "@/db/client";
import { insertUser } from "@/lib/auth/register";
import { call, type CallResult } from "./http";
import { uniqueName } from "./users";

/** A fresh administrator, signed in through the API. */
export async function signInAdmin(db: Db) {
  const username = uniqueName("admin");
  const password = "admin-password";
  const user = await insertUser(db, { username, email: `${username}@aurum.local`, password, role: "admin" });
  const res = await call(loginRoute, { body: { usernameOrEmail: username, password } });
  return { user, token: res.body.token as string };
}

/**
 * Has a second administrator approve what `proposed` (a 202 from a gated admin call) put in the
 * queue, as maker–checker requires; the approval's answer. Any other answer is returned as it is.
 */
export async function approvedBySecondAdmin(db: Db, proposed: CallResult): Promise<CallResult> {
  if (proposed.status !== 202) return proposed;
  const checker = await signInAdmin(db);
  const proposal = proposed.body.proposal as { id: string };
  return call(approveRoute, { token: checker.token, params: { id: proposal.id } });
}
