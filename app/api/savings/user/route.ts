import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { subscriptionsAnswer } from "@/lib/savings/answers";
import { savingsOf } from "@/lib/savings/positions";

export const GET = withUser(async ({ db, auth }) =>
  answer(subscriptionsAnswer, { success: true, subscriptions: await savingsOf(db, auth.user.id) }),
);
