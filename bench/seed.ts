import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { twoFactor, users, type User } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/sessions";
import { encryptTotpSecret } from "@/lib/auth/two-factor/crypto";
import { newTotpSecret } from "@/lib/auth/two-factor/totp";
import { newId } from "@/lib/core/ids";
import { post } from "@/lib/ledger/post";

export interface Trader {
  id: string;
  token: string;
}

async function inParallel<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * `count` users, each signed in (a session and its token) and funded from the external account
 * with `usdt` and `xaut` smallest units, through the ledger like any deposit.
 */
export async function seedTraders(
  db: Db,
  count: number,
  role: User["role"],
  funds: { usdt: bigint; xaut: bigint },
): Promise<Trader[]> {
  const passwordHash = await hashPassword(randomBytes(12).toString("hex"));
  const tag = randomBytes(3).toString("hex");
  const rows = Array.from({ length: count }, (_, i) => {
    const username = `bench_${tag}_${i}`;
    return {
      id: newId(),
      username,
      email: `${username}@bench.local`,
      passwordHash,
      role,
      referralCode: `B${tag}${i}`.toUpperCase(),
    };
  });
  const created: User[] = [];
  for (let i = 0; i < rows.length; i += 500)
    created.push(
      ...(await db
        .insert(users)
        .values(rows.slice(i, i + 500))
        .returning()),
    );

  // Administrators' calls open only with two-factor on: theirs is on, as a finished enrolment leaves it.
  if (role === "admin")
    await db.insert(twoFactor).values(
      created.map((u) => ({
        userId: u.id,
        secretEncrypted: encryptTotpSecret(newTotpSecret(), u.id),
        enabledAt: new Date(),
      })),
    );

  const traders: Trader[] = [];
  await inParallel(created, 20, async (user) => {
    const { token } = await createSession(db, user, { ip: "127.0.0.1", userAgent: "bench" });
    for (const [asset, units] of [
      ["USDT", funds.usdt],
      ["XAUT", funds.xaut],
    ] as const) {
      if (units > 0n) {
        await post(db, {
          kind: "deposit",
          memo: "benchmark funding",
          legs: [
            { account: { userId: user.id, asset, kind: "spot" }, amount: units },
            { account: { system: "external", asset }, amount: -units },
          ],
        });
      }
    }
    traders.push({ id: user.id, token });
  });
  return traders;
}
