import { timingSafeEqual } from "node:crypto";
import { HOTP, Secret, TOTP } from "otpauth";

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ALGORITHM = "SHA1";
/** Steps either side of the current one that are accepted, for a phone clock a little off. */
export const TOTP_WINDOW = 1;
export const ISSUER = "Aurum";

/** A new random secret (20 bytes, the RFC's SHA-1 key size), as base32 for the app. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans (as a QR code) to enrol the secret. */
export function otpauthUrl(secretBase32: string, account: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** The time step (counter) `now` falls in. */
export const stepAt = (now: number): number => TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now });

/** The code of a given time step, as the app shows it. */
export const codeForStep = (secretBase32: string, step: number): string =>
  HOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: ALGORITHM, digits: TOTP_DIGITS, counter: step });

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The time step a code belongs to, when it is one of the steps around `now` (±TOTP_WINDOW) that
 * is later than `lastStep` (the newest step already accepted for this user): else null. So a code
 * is accepted once, and after a later code was accepted an earlier one is not. Pure: `now` is
 * injected, and storing the returned step (atomically, see ./verify) is the caller's.
 */
export function matchTotp(secretBase32: string, code: string, lastStep: number | null, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = stepAt(now);
  let match: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    // Every candidate is compared (no early exit), so the time taken says nothing about which matched.
    if (same(codeForStep(secretBase32, step), code) && (lastStep === null || step > lastStep) && match === null)
      match = step;
  }
  return match;
}
