import { z } from "zod";
import { loginOutcome } from "@/db/schema";
import { isoTime, pageFields, successAnswer } from "@/lib/core/answers";

/** One of the user's live sessions: where and on what it signed in, and whether it is the caller's. */
export const sessionViewSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  ip: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime,
  current: z.boolean(),
});

/** One sign-in attempt on the account, with its outcome in words. */
export const loginHistoryEntrySchema = z.object({
  id: z.uuid(),
  at: isoTime,
  ip: z.string(),
  device: z.string(),
  outcome: z.enum(loginOutcome.enumValues),
  outcomeLabel: z.string(),
});

/** GET /api/user/sessions: the live ones, newest first. */
export const sessionsAnswer = successAnswer({ sessions: z.array(sessionViewSchema) });

/** GET /api/user/login-history: the newest 50 kept, paged. */
export const loginHistoryAnswer = successAnswer({ history: z.array(loginHistoryEntrySchema), ...pageFields });
