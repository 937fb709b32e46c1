import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readEnv } from "@/lib/core/env";

/**
 * The key that signs session tokens: AUTH_SECRET, or on the embedded default one generated on
 * first start and kept in DATA_DIR, so tokens survive a restart. It is copied into
 * process.env so next-auth (loaded by Next in its own module graph) reads the same key.
 */
export function authSecret(): string {
  const env = readEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true });
    secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  }
  process.env.AUTH_SECRET = secret;
  return secret;
}
