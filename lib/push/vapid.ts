import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { readEnv } from "@/lib/core/env";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const FILE = "vapid-keys.json";

function parseKeys(text: string): Omit<VapidKeys, "subject"> {
  const keys = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string")
    throw new Error(`${FILE} in DATA_DIR holds no VAPID key pair: remove it to generate a new one`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * The pair that signs every push (RFC 8292): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or one generated on
 * first use and kept in DATA_DIR, as the session secret is. Browsers subscribe to the public key, so
 * it must outlive restarts: a new pair would silence every subscribed device until it subscribes again.
 */
export function vapidKeys(): VapidKeys {
  const env = readEnv();
  // A push service writes to this contact about abuse; the administrator's address is the one Aurum has.
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.ADMIN_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = path.join(env.DATA_DIR, FILE);
  try {
    return { ...parseKeys(readFileSync(file, "utf8")), subject };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: "wx" });
    return { ...generated, subject };
  } catch (err) {
    // Another module graph of this process (or another process on this DATA_DIR) wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return { ...parseKeys(readFileSync(file, "utf8")), subject };
  }
}
