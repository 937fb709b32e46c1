import nodemailer from "nodemailer";
import { readEnv } from "@/lib/core/env";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The recipient's anti-phishing code, printed at the top of the message when they set one. */
  antiPhishingCode?: string | null;
}

/** Whether mail leaves by SMTP (SMTP_URL set) or stays in the outbox for administrators. */
export const smtpConfigured = (): boolean => readEnv().SMTP_URL !== undefined;

/**
 * Sends one message through the SMTP server named by SMTP_URL, from MAIL_FROM. One connection per
 * call: password resets are rare, and a transporter kept open would hold a stale connection.
 */
export async function sendBySmtp(mail: Mail): Promise<void> {
  const env = readEnv();
  if (!env.SMTP_URL) throw new Error("SMTP_URL is not set");
  const transport = nodemailer.createTransport(env.SMTP_URL);
  try {
    await transport.sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
  } finally {
    transport.close();
  }
}
