import { spawn } from "node:child_process";
import { existsSync, readdirSync, renameSync } from "node:fs";
import { open, readFile, writeFile } from "node:fs/promises";
import { lockDataDir } from "./data-dir-lock";

/**
 * Backups of either database, each in its own tool's format: PostgreSQL's `pg_dump` custom
 * archive (one consistent snapshot, taken while the app runs), and PGlite's own dump of its data
 * directory (a gzipped tar; the embedded database has one process at a time, so the server is
 * stopped first). A file says which it is by its first bytes, and a restore refuses the other kind.
 */
export type BackupKind = "postgres" | "pglite";

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

export class BackupError extends Error {}

/** Runs one of PostgreSQL's client programs; its own message becomes the error when it fails. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (err) =>
      reject(new BackupError(`${program} could not run (${err.message}): install PostgreSQL's client programs`)),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${program} failed: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
}

export async function backupKindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.toString("latin1") === "PGDMP") return "postgres";
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is not an Aurum backup (neither a pg_dump archive nor a PGlite dump)`);
}

/** Writes a backup of the database at `url` (postgres:// or a PGlite directory) to `file`. */
export async function backupDatabase(url: string, file: string): Promise<BackupKind> {
  if (isPostgresUrl(url)) {
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${url}`]);
    return "postgres";
  }
  if (!existsSync(url)) throw new BackupError(`There is no embedded database in ${url}`);
  const release = lockDataDir(url);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create(url);
    try {
      const dump = await client.dumpDataDir("gzip");
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return "pglite";
}

/**
 * Restores `file` into the database at `url`. An empty target is filled; one holding anything is
 * refused unless `force`, which replaces it (a PGlite directory is moved aside, not deleted). A
 * PostgreSQL target with other connections open is always refused: the app must be stopped.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  force: boolean,
): Promise<{ kind: BackupKind; movedAside?: string }> {
  const kind = await backupKindOf(file);
  const target: BackupKind = isPostgresUrl(url) ? "postgres" : "pglite";
  if (kind !== target) {
    throw new BackupError(
      `${file} is a ${kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL"} backup: restore it into a ${kind === "pglite" ? "DATA_DIR without DATABASE_URL" : "PostgreSQL DATABASE_URL"}`,
    );
  }
  if (kind === "postgres") {
    await clearPostgres(url, force);
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${url}`,
      file,
    ]);
    return { kind };
  }
  return { kind, ...(await restorePglite(url, file, force)) };
}

async function clearPostgres(url: string, force: boolean): Promise<void> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [others] = await sql<
      { n: number }[]
    >`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    if (others!.n > 0)
      throw new BackupError(
        `${others!.n} other connection(s) are open to this database: stop every Aurum instance before restoring`,
      );
    const [tables] = await sql<
      { n: number }[]
    >`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`;
    if (tables!.n === 0) return;
    if (!force)
      throw new BackupError(
        `The database is not empty (${tables!.n} tables): restoring would replace it. Add --force to replace it.`,
      );
    await sql.begin(async (tx) => {
      await tx`drop schema if exists drizzle cascade`;
      await tx`drop schema if exists public cascade`;
      await tx`create schema public`;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function restorePglite(dir: string, file: string, force: boolean): Promise<{ movedAside?: string }> {
  const release = lockDataDir(dir);
  try {
    let movedAside: string | undefined;
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!force)
        throw new BackupError(
          `${dir} already holds a database: restoring would replace it. Add --force to replace it (the old one is kept beside it).`,
        );
      movedAside = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(dir, movedAside);
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create(dir, { loadDataDir: new Blob([await readFile(file)]) });
    await client.close();
    return movedAside ? { movedAside } : {};
  } finally {
    release();
  }
}
