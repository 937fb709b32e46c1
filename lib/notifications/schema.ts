import { z } from "zod";
import { isUuid } from "@/lib/core/ids";

export const TITLE_MAX = 120;
export const MESSAGE_MAX = 1000;

// Titles are one line; messages may break lines. Other control characters have no business here.
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\n\r\t])\p{Cc}/u;

const text = (field: string, max: number, control: RegExp) =>
  z
    .string({ error: `Please enter a ${field}` })
    .trim()
    .min(1, `Please enter a ${field}`)
    .max(max, `The ${field} can be at most ${max} characters`)
    .refine((value) => !control.test(value), `The ${field} must not contain control characters`);

export const notificationContentSchema = z.object({
  title: text("title", TITLE_MAX, CONTROL),
  message: text("message", MESSAGE_MAX, CONTROL_BUT_LINES).transform((value) => value.replace(/\r\n?/g, "\n")),
});

/**
 * An admin's send: no `userId` means every user. Unknown keys are refused, so a misspelt
 * `userId` is an error and never a broadcast to everyone.
 */
export const sendNotificationSchema = z.strictObject(
  {
    ...notificationContentSchema.shape,
    userId: z
      .string({ error: "userId must be a user id" })
      .refine(isUuid, "userId must be a user id")
      .transform((id) => id.toLowerCase())
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown field: ${issue.keys.join(", ")}`
        : "The request body must be an object",
  },
);

export type NotificationContent = z.infer<typeof notificationContentSchema>;
export type SendNotificationInput = z.infer<typeof sendNotificationSchema>;
