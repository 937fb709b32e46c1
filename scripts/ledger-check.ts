import { closeDb, configuredDatabaseUrl, getDb } from "@/db/client";
import { checkLedger } from "@/lib/ledger/check";
import { checkLatestSnapshot } from "@/lib/proof/check";

/**
 * `npm run ledger:check`: verifies the ledger of the configured database, and the latest proof-of-
 * liabilities snapshot against its stored tree and the ledger's total; non-zero exit names what is wrong.
 */
async function main() {
  const db = await getDb();
  const problems = await checkLedger(db);
  const latest = await checkLatestSnapshot(db);
  await closeDb();
  problems.push(...latest.problems);
  const where = configuredDatabaseUrl().replace(/\/\/[^@/]*@/, "//");
  if (problems.length === 0) {
    const proof = latest.snapshot
      ? `; the latest proof-of-liabilities snapshot (${latest.snapshot.takenAt.toISOString()}, root ${latest.snapshot.rootHash}) holds`
      : "; no proof-of-liabilities snapshot yet";
    console.log(`ledger:check: the ledger of ${where} is sound${proof}`);
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
