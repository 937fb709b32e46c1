import { closeDb, configuredDatabaseUrl, getDb } from "@/db/client";
import { verifyAuditChain } from "@/lib/audit/verify";

const USAGE = "usage: npm run audit:verify [-- --expect <seq>:<hash>]";

/** `--expect 1234:ab…` (a head published earlier, e.g. with a proof of liabilities): the chain must still hold it. */
function expected(args: string[]) {
  const i = args.indexOf("--expect");
  if (i === -1) {
    if (args.length > 0) throw new Error(USAGE);
    return null;
  }
  const match = /^([1-9][0-9]{0,15}):([0-9a-f]{64})$/.exec(args[i + 1] ?? "");
  if (!match || args.length !== 2) throw new Error(USAGE);
  return { seq: Number(match[1]), hash: match[2]! };
}

/** `npm run audit:verify`: walks the audit chain of the configured database; exit 1 names the first row that does not fit. */
async function main() {
  const expect = expected(process.argv.slice(2));
  const check = await verifyAuditChain(await getDb(), { expect });
  await closeDb();
  const where = configuredDatabaseUrl().replace(/\/\/[^@/]*@/, "//");
  const waiting = check.waiting > 0 ? `; ${check.waiting} row(s) from an older version wait for their place, taken at the next append` : "";
  if (check.intact) {
    const head = check.head ? `, head #${check.head.seq} ${check.head.hash}` : "";
    console.log(`audit:verify: the audit chain of ${where} is intact (${check.entries} entries${head})${waiting}`);
    return;
  }
  const { seq, id, reason } = check.break;
  console.error(`✗ entry #${seq}${id ? ` (id ${id})` : ""}: ${reason}`);
  console.error(`audit:verify: the audit chain of ${where} is broken at entry #${seq}${waiting}`);
  process.exitCode = 1;
}

main().catch((err) => {
  console.error(err instanceof Error && err.message === USAGE ? USAGE : err);
  process.exitCode = 2;
});
