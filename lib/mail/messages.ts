import type { Mail } from "./transport";

/** The mail that carries a password reset link. */
export function resetLinkMail(input: { to: string; username: string; siteName: string; link: string; validMinutes: number }): Mail {
  return {
    to: input.to,
    subject: `Reset your ${input.siteName} password`,
    text: [
      `Hello ${input.username},`,
      "",
      `Someone (we hope you) asked to reset the password of your ${input.siteName} account. To choose a new password, open this link within ${input.validMinutes} minutes:`,
      "",
      input.link,
      "",
      "The link works once. Resetting signs you out everywhere, and withdrawals pause for a while afterwards.",
      "If you did not ask for this, ignore this message: your password stays as it is.",
      "",
      `${input.siteName}`,
    ].join("\n"),
  };
}
