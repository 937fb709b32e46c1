import { z } from "zod";
import { isoTime, pageFields, successAnswer } from "@/lib/core/answers";

/**
 * One account event as its owner reads it. `kind` is a string, not the catalogue's list: an event a
 * newer version wrote during a rolling upgrade is shown as "Account change" with its kind as stored.
 */
export const activityEntrySchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  by: z.string(),
  title: z.string(),
  text: z.string(),
  reason: z.string().nullable(),
  at: isoTime,
});

/** GET /api/user/activity: newest first, paged. */
export const activityAnswer = successAnswer({ activity: z.array(activityEntrySchema), ...pageFields });
