import { z } from "zod";
import { isUuid } from "@/lib/core/ids";

export const SUBJECT_MAX = 120;
export const MESSAGE_MAX = 5000;
export const SUPPORT_NAME_MAX = 30;

// Subjects are one line; messages may break lines. Other control characters have no business here.
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\n\r\t])\p{Cc}/u;

export const subjectText = z
  .string({ error: "Please enter a subject" })
  .trim()
  .min(1, "Please enter a subject")
  .max(SUBJECT_MAX, `The subject can be at most ${SUBJECT_MAX} characters`)
  .refine((v) => !CONTROL.test(v), "The subject must not contain control characters");

export const messageText = z
  .string({ error: "Please write a message" })
  .trim()
  .min(1, "Please write a message")
  .max(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX.toLocaleString("en-US")} characters`)
  .refine((v) => !CONTROL_BUT_LINES.test(v), "The message must not contain control characters")
  .transform((v) => v.replace(/\r\n?/g, "\n"));

export const idText = (what: string) =>
  z
    .string({ error: `${what} must be an id` })
    .refine(isUuid, `${what} must be an id`)
    .transform((id) => id.toLowerCase());

const strict = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys"
      ? `Unknown field: ${issue.keys?.join(", ")}`
      : "The request body must be an object",
};

export const openConversationSchema = z.strictObject(
  { subject: subjectText, message: messageText, relatedId: idText("relatedId").optional() },
  strict,
);
export const userMessageSchema = z.strictObject({ message: messageText }, strict);
export const contactSchema = z.strictObject(
  {
    email: z
      .string({ error: "Please enter your email address" })
      .trim()
      .min(1, "Please enter your email address")
      .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address"))
      .transform((e) => e.toLowerCase()),
    message: messageText,
  },
  strict,
);

// The first name an administrator signs with ("Aurum support · Maria"): letters only, so it can carry no link.
const supportName = z
  .string({ error: "The first name must be text" })
  .trim()
  .max(SUPPORT_NAME_MAX, `The first name can be at most ${SUPPORT_NAME_MAX} characters`)
  .refine(
    (v) => v === "" || /^\p{L}[\p{L}' -]*$/u.test(v),
    "The first name can only have letters, spaces, hyphens and apostrophes",
  )
  .transform((v) => (v === "" ? undefined : v));

export const supportMessageSchema = z.strictObject(
  {
    message: messageText,
    internal: z.boolean({ error: "internal must be true or false" }).optional(),
    firstName: supportName.optional(),
  },
  strict,
);
export const updateConversationSchema = z
  .strictObject(
    {
      status: z.enum(["open", "closed"], { error: "status must be open or closed" }).optional(),
      assignToMe: z.boolean({ error: "assignToMe must be true or false" }).optional(),
    },
    strict,
  )
  .refine((v) => v.status !== undefined || v.assignToMe !== undefined, "Say what to change: status or assignToMe");

export type OpenConversationInput = z.infer<typeof openConversationSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
export type SupportMessageInput = z.infer<typeof supportMessageSchema>;
export type UpdateConversationInput = z.infer<typeof updateConversationSchema>;
