import type { Mail } from "./transport";

/** The mail that carries a password reset link. */
export function resetLinkMail(input: {
  to: string;
  username: string;
  siteName: string;
  link: string;
  validMinutes: number;
}): Mail {
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

/**
 * The day's anchor of the audit log, to every administrator: kept in their mailboxes, out of reach
 * of whoever can write the database, it lets them check later that nothing before it was rewritten.
 */
export function auditHeadMail(input: {
  to: string;
  username: string;
  siteName: string;
  head: string;
  headAt: string;
  rootHash: string;
  day: string;
}): Mail {
  return {
    to: input.to,
    subject: `${input.siteName} audit log head, ${input.day}`,
    text: [
      `Hello ${input.username},`,
      "",
      `Today's proof-of-liabilities snapshot published the newest entry of ${input.siteName}'s audit log, and its root commits to it:`,
      "",
      `  audit head  ${input.head}`,
      `  written     ${input.headAt}`,
      `  root        ${input.rootHash}`,
      "",
      "Keep this mail. Whoever can write the database could rewrite the log and the snapshots in it, but not this copy. To check that no entry up to this one was changed or removed, run on the server:",
      "",
      `  npm run audit:verify -- --expect ${input.head}`,
      "",
      `${input.siteName}`,
    ].join("\n"),
  };
}
