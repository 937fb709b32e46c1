import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { onPostgres } from "./db";
import { testDatabaseName, testDatabaseUrl } from "./templates";

const exec = promisify(execFile);

export interface Throwaway {
  /** What openDatabase takes. */
  url: string;
  /** The environment that points the app's scripts at it. */
  env: Record<string, string>;
  /** Removes it (a PGlite directory, or a PostgreSQL database); close every handle on it first. */
  drop(): Promise<void>;
}

/**
 * An empty database of this project's kind that a test may break and a script run as its own
 * process can open: a PGlite directory (not in memory), or a new PostgreSQL database.
 */
export async function throwawayDatabase(): Promise<Throwaway> {
  if (!onPostgres()) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "aurum-throwaway-"));
    return {
      url: path.join(dataDir, "pglite"),
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = testDatabaseName();
  const server = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${name}`);
  const url = testDatabaseUrl(name);
  return {
    url,
    env: { DATABASE_URL: url },
    async drop() {
      await server.unsafe(`drop database if exists ${name} with (force)`);
      await server.end();
    },
  };
}

/** One of the operator's commands, as `npm run <script>` runs it, on the database `env` names: its exit code and output. */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  const vars = { ...process.env, ...env };
  if (!vars.DATABASE_URL) delete vars.DATABASE_URL;
  try {
    const { stdout, stderr } = await exec(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      env: vars,
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}
