import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane. Runs off the event loop.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, which isolated modules cannot read */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a response time does not reveal that a user is unknown. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("aurum-timing-equaliser");
  await verifyPassword(await dummyHash, password);
}
