import { configuredDatabaseUrl } from "@/db/client";
import { restoreDatabase } from "@/db/backup";

/**
 * `npm run restore -- <file> [--force]`: restores a backup into the configured database, which must
 * be empty unless --force (then it is replaced). Every Aurum instance on it must be stopped.
 */
async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    console.error("usage: npm run restore -- <file> [--force]");
    process.exitCode = 2;
    return;
  }
  const { kind, movedAside } = await restoreDatabase(configuredDatabaseUrl(), files[0]!, force);
  console.log(`restore: ${files[0]} restored into the ${kind === "postgres" ? "PostgreSQL" : "embedded"} database`);
  if (movedAside) console.log(`restore: the database it replaced is kept in ${movedAside}`);
  console.log("restore: start the app, then run npm run ledger:check");
}

main().catch((err: unknown) => {
  console.error(`restore: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
