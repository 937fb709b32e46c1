import { configuredDatabaseUrl } from "@/db/client";
import { backupDatabase } from "@/db/backup";

/** `npm run backup -- <file>`: a backup of the configured database (DATABASE_URL, else PGlite in DATA_DIR). */
async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file.startsWith("-")) {
    console.error("usage: npm run backup -- <file>");
    process.exitCode = 2;
    return;
  }
  const kind = await backupDatabase(configuredDatabaseUrl(), file);
  console.log(
    `backup: wrote ${kind === "postgres" ? "a pg_dump archive of the PostgreSQL database" : "a dump of the embedded database"} to ${file}`,
  );
}

main().catch((err: unknown) => {
  console.error(`backup: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
