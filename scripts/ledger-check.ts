import { closeDb, configuredDatabaseUrl, getDb } from "@/db/client";
import { checkLedger } from "@/lib/ledger/check";

/** `npm run ledger:check`: verifies the ledger of the configured database; non-zero exit names what is wrong. */
async function main() {
  const problems = await checkLedger(await getDb());
  await closeDb();
  const where = configuredDatabaseUrl().replace(/\/\/[^@/]*@/, "//");
  if (problems.length === 0) {
    console.log(`ledger:check: the ledger of ${where} is sound`);
    return;
  }
  for (const p of problems) console.error(`✗ ${p.rule}: ${p.detail}`);
  console.error(`ledger:check: ${problems.length} problem(s) in ${where}`);
  process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 2;
});
