import { z } from "zod";
import { changeAnswer, isoTime, successAnswer } from "@/lib/core/answers";
import { publicUserSchema } from "./views";

/** GET /api/auth/profile. */
export const profileAnswer = successAnswer({ user: publicUserSchema });

/** GET /api/user/info: the same view of the caller as the profile. */
export const infoAnswer = profileAnswer;

/** PUT /api/user/info: withdrawals paused until the given time when the email changed. */
export const infoSavedAnswer = changeAnswer({ user: publicUserSchema, withdrawalsPausedUntil: isoTime.optional() });

/** GET /api/user/anti-phishing: the code every mail and notification carries; null without one. */
export const antiPhishingAnswer = successAnswer({ code: z.string().nullable() });

/** PUT /api/user/anti-phishing: the code saved, or null once removed. */
export const antiPhishingSavedAnswer = changeAnswer({ code: z.string().nullable() });
