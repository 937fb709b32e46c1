import { z } from "zod";
import { decimalString, isoTime, successAnswer } from "@/lib/core/answers";

/** GET /api/user/invites: the caller's code, the reward it pays now, and who joined with it (names masked). */
export const invitesAnswer = successAnswer({
  referralCode: z.string(),
  rewardUsdt: decimalString,
  invites: z.array(z.object({ username: z.string(), joinedAt: isoTime, rewardPaid: z.boolean() })),
});
