import { z } from "zod";
import { changeAnswer, pageFields, successAnswer } from "@/lib/core/answers";
import { NOTIFICATION_CATEGORIES } from "@/db/schema";
import { notificationViewSchema } from "./views";

/** GET /api/notifications: a page of them, newest first, and how many are unread. */
export const notificationsAnswer = successAnswer({
  notifications: z.array(notificationViewSchema),
  unread: z.number().int(),
  ...pageFields,
});

/** PATCH /api/notifications/{id}/read: the notification as it is now, and how many are still unread. */
export const readAnswer = changeAnswer({ notification: notificationViewSchema, unread: z.number().int() });

/** POST /api/notifications/read-all: how many were unread (none are now). */
export const readAllAnswer = changeAnswer({ updated: z.number().int(), unread: z.literal(0) });

/** Per channel, each category on (true) or off; security mail is always on. */
const choicesSchema = z.record(z.enum(NOTIFICATION_CATEGORIES), z.boolean());
const preferencesFields = { mail: choicesSchema, push: choicesSchema };

/** GET /api/user/notification-preferences. */
export const preferencesAnswer = successAnswer(preferencesFields);

/** PUT /api/user/notification-preferences: the choices as saved. */
export const preferencesSavedAnswer = changeAnswer(preferencesFields);
