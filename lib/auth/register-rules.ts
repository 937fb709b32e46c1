import "@/lib/core/zod-browser";
import { z } from "zod";
import { findCountry } from "@/lib/core/countries";

/** The spec's register messages (SPEC.md section 5), in the order they are checked. */
export const REGISTER_MESSAGES = {
  username: "Please enter a username",
  email: "Please enter an email address",
  country: "Please select your country",
  phone: "Please enter your phone number",
  password: "Please enter a password",
  passwordLength: "Password should be at least 6 characters long",
  mismatch: "Passwords do not match!",
  terms: "Please agree to the Terms and Privacy Policy",
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

const password = z
  .string({ error: REGISTER_MESSAGES.password })
  .min(1, REGISTER_MESSAGES.password)
  .min(MIN_PASSWORD_LENGTH, REGISTER_MESSAGES.passwordLength)
  .max(MAX_PASSWORD_LENGTH, `Password should be at most ${MAX_PASSWORD_LENGTH} characters long`);

/**
 * What the browser checks before sending, exactly the spec's eight rules in order (the email's
 * format is left to the input's type, as the spec says). Key order is check order: zod reports
 * issues in the order of the shape.
 */
export const registerFormSchema = z
  .object({
    username: required(REGISTER_MESSAGES.username),
    email: required(REGISTER_MESSAGES.email),
    country: required(REGISTER_MESSAGES.country),
    phoneNumber: required(REGISTER_MESSAGES.phone),
    password,
    confirmPassword: z.string(),
    terms: z.boolean(),
  })
  .superRefine((form, ctx) => {
    if (form.password !== form.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: REGISTER_MESSAGES.mismatch });
    }
    if (!form.terms) ctx.addIssue({ code: "custom", path: ["terms"], message: REGISTER_MESSAGES.terms });
  });

/** Email, country and phone as the server checks them; personal info edits use the same rules. */
export const contactFields = {
  email: required(REGISTER_MESSAGES.email).pipe(
    z.email("Please enter a valid email address").max(254, "Please enter a valid email address"),
  ),
  country: required(REGISTER_MESSAGES.country).refine((c) => findCountry(c) !== undefined, {
    message: REGISTER_MESSAGES.country,
  }),
  phoneCode: z.string({ error: "Please choose a dial code" }).trim(),
  phoneNumber: required(REGISTER_MESSAGES.phone).pipe(
    z.string().regex(/^[0-9][0-9 -]{3,19}$/, "Please enter a valid phone number"),
  ),
};

/** The dial code must be the chosen country's. */
export function checkDialCode(payload: { country: string; phoneCode: string }, ctx: z.RefinementCtx): void {
  const country = findCountry(payload.country);
  if (country && payload.phoneCode !== country.dialCode) {
    ctx.addIssue({
      code: "custom",
      path: ["phoneCode"],
      message: `The dial code for ${country.name} is ${country.dialCode}`,
    });
  }
}

/** What the server accepts: the spec's payload, with the rules a browser cannot be trusted with. */
export const registerPayloadSchema = z
  .object({
    username: required(REGISTER_MESSAGES.username).pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_.-]{3,32}$/,
          "Username must be 3 to 32 characters: letters, digits, dots, dashes or underscores",
        ),
    ),
    ...contactFields,
    password,
    referralCode: z
      .string({ error: "The referral code must be text" })
      .trim()
      .max(32, "Referral code not found")
      .nullish()
      .transform((code) => (code ? code.toUpperCase() : null)),
  })
  .superRefine(checkDialCode);

export type RegisterPayload = z.infer<typeof registerPayloadSchema>;
