import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/api/auth/balance/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { closeDb, getDb, installDb, openDatabase } from "@/db/client";
import { accounts } from "@/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { call } from "../support/http";
import { fund } from "../support/ledger";
import { setPrice } from "../support/prices";
import { trade } from "../support/trading";
import { registerUser, someIp } from "../support/users";
import { testDatabaseName, testDatabaseUrl } from "../support/templates";
import { runScript } from "../support/throwaway-db";

const work = mkdtempSync(path.join(tmpdir(), "aurum-backup-"));
const onPostgres = process.env.AURUM_TEST_DB === "postgres";
// PostgreSQL databases this file made, dropped at the end.
const made: string[] = [];

/** A database of this project's kind, addressed as the app would be configured for it. */
function newDatabase(): { url: string; env: Record<string, string> } {
  if (!onPostgres) {
    const dataDir = mkdtempSync(path.join(work, "data-"));
    return { url: path.join(dataDir, "pglite"), env: { DATA_DIR: dataDir, DATABASE_URL: "" } };
  }
  const name = testDatabaseName();
  made.push(name);
  const url = testDatabaseUrl(name);
  return { url, env: { DATABASE_URL: url } };
}

async function createPostgres(url: string): Promise<void> {
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${new URL(url).pathname.slice(1)}`);
  await admin.end();
}

/** Every user account's balance, by owner, kind and asset. */
async function balances(): Promise<Record<string, string>> {
  const rows = await (await getDb()).select().from(accounts);
  return Object.fromEntries(
    rows
      .filter((a) => a.userId)
      .map((a) => [`${a.userId}/${a.kind}/${a.asset}`, a.balance.toString()])
      .sort(),
  );
}

afterAll(async () => {
  await closeDb();
  rmSync(work, { recursive: true, force: true });
  if (!onPostgres) return;
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  for (const name of made) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe(`backup and restore (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("restores every balance as it was at the backup, into a fresh database the app then runs on with a sound ledger", async () => {
    const source = newDatabase();
    if (onPostgres) await createPostgres(source.url);
    installDb(openDatabase(source.url));
    const db = await getDb();
    await setPrice(db, "4012.345678");
    const alice = await registerUser();
    const bob = await registerUser();
    await fund(db, alice.user.id, "USDT", 10_000_123_457n);
    await fund(db, bob.user.id, "USDT", 2_500_000_001n);
    expect((await trade(alice.token, { side: "buy", type: "market", quantity: "0.731" })).status).toBe(201);
    expect((await trade(bob.token, { side: "buy", type: "limit", quantity: "0.2", price: "3900.5" })).status).toBe(201);
    const atBackup = await balances();
    // PGlite has one process at a time: the server (here, this test) lets go before a backup.
    if (!onPostgres) await closeDb();

    const file = path.join(work, "aurum.backup");
    const backup = await runScript("backup", [file], source.env);
    expect(backup.out, JSON.stringify(backup)).toContain("backup: wrote");
    expect(backup.code).toBe(0);

    // Business goes on after the backup: none of it may come back with the restore.
    if (!onPostgres) installDb(openDatabase(source.url));
    expect((await trade(alice.token, { side: "sell", type: "market", quantity: "0.5" })).status).toBe(201);
    await fund(await getDb(), bob.user.id, "USDT", 77_000_000n);
    expect(await balances()).not.toEqual(atBackup);
    await closeDb();

    const target = newDatabase();
    if (onPostgres) await createPostgres(target.url);
    const restore = await runScript("restore", [file], target.env);
    expect(restore.out).toContain("restored into");
    expect(restore.code).toBe(0);
    const check = await runScript("ledger-check", [], target.env);
    expect(check.out).toContain("is sound");
    expect(check.code).toBe(0);

    installDb(openDatabase(target.url));
    expect(await balances()).toEqual(atBackup);
    expect(await checkLedger(await getDb())).toEqual([]);
    // The app runs on it: the user signs in and reads the balance the backup held.
    const login = await call(loginRoute, {
      body: { usernameOrEmail: alice.payload.username, password: alice.payload.password },
      ip: someIp(),
    });
    expect(login.status).toBe(200);
    const balance = await call(balanceRoute, { token: login.body.token as string });
    expect(balance.status).toBe(200);
    expect(JSON.stringify(balance.body)).toContain("XAUT");
    await closeDb();

    // A database that holds anything is replaced only when asked.
    const refused = await runScript("restore", [file], source.env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/--force/);
    const forced = await runScript("restore", [file, "--force"], source.env);
    expect(forced.code).toBe(0);
    installDb(openDatabase(source.url));
    expect(await balances()).toEqual(atBackup);
    await closeDb();
    if (!onPostgres) {
      // The database it replaced is kept beside it, not deleted.
      expect(readdirSync(path.dirname(source.url)).some((name) => name.startsWith("pglite.replaced-"))).toBe(true);
    }
  }, 240_000);

  it("refuses a file that is no backup, and a backup of the other kind of database, touching nothing", async () => {
    const target = newDatabase();
    const junk = path.join(work, "junk.bin");
    await writeFile(junk, "not a backup");
    const res = await runScript("restore", [junk], target.env);
    expect(res.code).toBe(1);
    expect(res.out).toContain("is not an Aurum backup");

    // The first bytes of the other database's kind of backup: a gzip stream, or a pg_dump archive.
    const other = path.join(work, "other-kind.backup");
    await writeFile(other, onPostgres ? Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]) : Buffer.from("PGDMP\u0001\u000e"));
    const mismatch = await runScript("restore", [other], target.env);
    expect(mismatch.code).toBe(1);
    expect(mismatch.out).toContain(onPostgres ? "is a PGlite (embedded) backup" : "is a PostgreSQL backup");
    if (!onPostgres) expect(existsSync(target.url)).toBe(false);
  });
});
