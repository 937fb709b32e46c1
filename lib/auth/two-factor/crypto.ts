import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

/*
 * Keys for two-factor data, derived (HKDF-SHA256) from the auth secret with a purpose label each,
 * so neither is the key that signs session tokens. Rotating AUTH_SECRET (or losing DATA_DIR's
 * auth-secret on the embedded default) makes every stored authenticator and recovery code unreadable:
 * affected users must have two-factor reset by an operator (README, Account and security).
 */
const keyFor = (purpose: string): Buffer => Buffer.from(hkdfSync("sha256", authSecret(), "aurum", purpose, 32));

const VERSION = "v1";

/**
 * Encrypts a TOTP secret with AES-256-GCM. The user id is the additional data: a ciphertext copied
 * onto another user's row does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export function encryptTotpSecret(secretBase32: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor("two-factor secret"), iv);
  cipher.setAAD(Buffer.from(userId));
  const data = Buffer.concat([cipher.update(secretBase32, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    data.toString("base64url"),
  ].join(".");
}

export function decryptTotpSecret(stored: string, userId: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("unreadable two-factor secret");
  const decipher = createDecipheriv("aes-256-gcm", keyFor("two-factor secret"), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper reads one way. 31 symbols, 10 of them: ~50 bits each.
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const RECOVERY_LENGTH = 10;

/** Ten new recovery codes, shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: RECOVERY_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes) in the one form it is hashed in, or null if it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, "");
  return code.length === RECOVERY_LENGTH && [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null;
}

/**
 * What the database keeps of a recovery code: an HMAC-SHA256 under a key derived from the auth
 * secret, so a copy of the table alone cannot be searched offline for the codes.
 */
export const hashRecoveryCode = (normalized: string): string =>
  createHmac("sha256", keyFor("two-factor recovery code")).update(normalized).digest("hex");
