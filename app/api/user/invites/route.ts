import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { invitesAnswer } from "@/lib/referrals/answers";
import { listInvites } from "@/lib/referrals/invites";

export const GET = withUser(async ({ db, auth }) =>
  answer(invitesAnswer, { success: true, ...(await listInvites(db, auth.user.id)) }),
);
