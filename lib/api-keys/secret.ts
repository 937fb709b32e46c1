import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

/*
 * An API key's secret must be readable by the server: it is the HMAC key a signature is checked
 * with, so a one-way hash (enough for a password or a recovery code) could verify nothing. It is
 * kept encrypted instead, as TOTP secrets are (lib/auth/two-factor/crypto), under a key derived from
 * the auth secret for this purpose alone; a copy of the table without the auth secret signs nothing.
 * Rotating AUTH_SECRET makes every key unusable: their owners make new ones.
 */
let derived: { from: string; key: Buffer } | undefined;

function encryptionKey(): Buffer {
  const secret = authSecret();
  if (derived?.from !== secret)
    derived = { from: secret, key: Buffer.from(hkdfSync("sha256", secret, "aurum", "api key secret", 32)) };
  return derived.key;
}

const VERSION = "v1";

/** A new secret: 32 random bytes as 64 lowercase hex characters, easy to pass to any HMAC tool. */
export const newApiSecret = (): string => randomBytes(32).toString("hex");

/** AES-256-GCM with the key's id as additional data: a ciphertext copied onto another key's row does not decrypt. */
export function encryptApiSecret(secret: string, keyId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(Buffer.from(keyId));
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    data.toString("base64url"),
  ].join(".");
}

/** The secret, or null when it cannot be read (the auth secret changed): the key then signs nothing. */
export function decryptApiSecret(stored: string, keyId: string): Buffer | null {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(keyId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]);
  } catch {
    return null;
  }
}
