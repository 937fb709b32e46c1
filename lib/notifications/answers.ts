import { z } from "zod";
import { pageFields, successAnswer } from "@/lib/core/answers";
import { notificationViewSchema } from "./views";

/** GET /api/notifications: a page of them, newest first, and how many are unread. */
export const notificationsAnswer = successAnswer({
  notifications: z.array(notificationViewSchema),
  unread: z.number().int(),
  ...pageFields,
});
