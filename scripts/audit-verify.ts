import { closeDb, configuredDatabaseUrl, getDb } from "@/db/client";
import { type Anchor, publishedAnchors } from "@/lib/audit/anchors";
import { type ChainLink, parseLink } from "@/lib/audit/head";
import { verifyAuditChain } from "@/lib/audit/verify";
import { auditHeadCommitted } from "@/lib/proof/check";
import { findSnapshot } from "@/lib/proof/snapshots";

const USAGE = "usage: npm run audit:verify [-- --expect <seq>:<hash> ...]";

/** `--expect 1234:ab…`, as often as given (heads kept elsewhere): the chain must still hold each, with that hash. */
function expected(args: string[]): ChainLink[] {
  const links: ChainLink[] = [];
  for (let i = 0; i < args.length; i += 2) {
    const link = args[i] === "--expect" ? parseLink(args[i + 1] ?? "") : null;
    if (!link) throw new Error(USAGE);
    links.push(link);
  }
  return links;
}

/**
 * `npm run audit:verify`: walks the audit chain of the configured database and checks it still holds
 * the head every proof snapshot published, the newest included (and each head given with --expect),
 * and that each snapshot's root still commits to the head its row names; exit 1 names the first row
 * that does not fit, a row outside the chain, or a snapshot whose head was changed. It prints the head it verified with its
 * time: kept elsewhere, it catches a later cut or rewrite of what follows the last snapshot.
 */
async function main() {
  const given = expected(process.argv.slice(2));
  const db = await getDb();
  const anchors = await publishedAnchors(db);
  const changed: Anchor[] = [];
  for (const a of anchors)
    if ((await auditHeadCommitted(db, await findSnapshot(db, a.snapshotId))) === false) changed.push(a);
  const check = await verifyAuditChain(db, { expect: [...anchors.map((a) => a.link), ...given] });
  await closeDb();
  for (const a of changed) {
    console.error(
      `✗ proof snapshot ${a.snapshotId}: its root does not commit to the audit head its row publishes (#${a.link.seq} ${a.link.hash}): the snapshot was changed in the database`,
    );
    process.exitCode = 1;
  }
  const anchor = anchors.find((a) => !changed.includes(a));
  const where = configuredDatabaseUrl().replace(/\/\/[^@/]*@/, "//");
  for (const e of check.outside.named) {
    console.error(
      `✗ entry outside the chain: id ${e.id}, ${e.action} by ${e.actorId}, dated ${e.createdAt}: no version of Aurum writes a row without its place`,
    );
  }
  const outside = check.outside.count > 0 ? `; ${check.outside.count} row(s) outside the chain, put there by hand` : "";
  if (check.intact) {
    if (anchor)
      console.log(
        `✓ holds entry #${anchor.link.seq} ${anchor.link.hash}, the head published with proof snapshot ${anchor.snapshotId} of ${anchor.takenAt.toISOString()}${anchors.length > 1 ? `, and the ${anchors.length - 1} published before it` : ""}`,
      );
    for (const e of given) console.log(`✓ holds entry #${e.seq} ${e.hash}, as given`);
    const head = check.head ? `, head #${check.head.seq} ${check.head.hash} at ${check.head.at}` : "";
    console.log(`audit:verify: the audit chain of ${where} is intact (${check.entries} entries${head})${outside}`);
    if (check.head)
      console.log(
        `Keep this head elsewhere; later: npm run audit:verify -- --expect ${check.head.seq}:${check.head.hash}`,
      );
    if (check.outside.count > 0) process.exitCode = 1;
    return;
  }
  const { seq, id, reason } = check.break;
  console.error(`✗ entry #${seq}${id ? ` (id ${id})` : ""}: ${reason}`);
  console.error(`audit:verify: the audit chain of ${where} is broken at entry #${seq}${outside}`);
  process.exitCode = 1;
}

main().catch((err) => {
  console.error(err instanceof Error && err.message === USAGE ? USAGE : err);
  process.exitCode = 2;
});
