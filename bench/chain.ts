/**
 * `npm run bench:chain`: deposits credited from the chain at volume, on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:chain
 *
 * Starts a development node, gives BENCH_CHAIN_USERS users (1,000) their deposit addresses, runs the
 * chain watcher as server.ts does (a leased job every second) and sends BENCH_CHAIN_TRANSFERS USDT
 * transfers (10,000) to them over BENCH_CHAIN_BLOCKS blocks (500), then the 12 blocks that confirm
 * the last. Reports, against issue 44's targets: how long after the final confirmation the last
 * deposit is credited (30 s), and per deposit the time from the block that confirmed it being mined
 * to its credit committed, when its event leaves for the user's screen (p95 2 s; the socket's own
 * delivery is measured by `bench:realtime`).
 */
import { eq, sql } from "drizzle-orm";
import { encodeFunctionData, type Address } from "viem";
import { TEST_TOKEN_ABI, TEST_TOKEN_ADDRESSES, devClient, devWallet } from "@/chain/dev-chain";
import { startDevNode } from "@/chain/dev-node";
import { rowsOf } from "@/db/rows";
import { chainDeposits, journals, wallets } from "@/db/schema";
import { depositAddressOf } from "@/lib/chain/addresses";
import { chainSettings } from "@/lib/chain/config";
import { chainWatcherJob } from "@/lib/chain/job";
import { startJobs } from "@/lib/jobs/runner";
import { newId } from "@/lib/core/ids";
import { benchDatabase } from "./database";
import { percentile } from "./load";

const USERS = Number(process.env.BENCH_CHAIN_USERS ?? 1_000);
const TRANSFERS = Number(process.env.BENCH_CHAIN_TRANSFERS ?? 10_000);
const BLOCKS = Number(process.env.BENCH_CHAIN_BLOCKS ?? 500);
const CONFIRMATIONS = 12;
const line = (label: string, figures: string) => console.log(`  ${label.padEnd(52)} ${figures}`);

async function main() {
  const node = await startDevNode({ confirmations: CONFIRMATIONS });
  const bench = await benchDatabase("aurum_bench_chain", 10);
  Object.assign(process.env, node.env);
  const settings = chainSettings()!;
  try {
    const { db } = bench;
    await db.execute(sql`
      insert into users (id, username, email, password_hash, referral_code)
      select gen_random_uuid(), 'c' || i, 'c' || i || '@bench.local', 'x', 'C' || i from generate_series(1, ${USERS}) i`);
    const ids = await rowsOf<{ id: string }>(
      db,
      sql`select id from users where email like '%@bench.local' order by username`,
    );
    const addresses: Address[] = [];
    for (const { id } of ids) addresses.push((await depositAddressOf(db, settings.xpub, id)).address);
    const client = devClient(node.rpcUrl);
    const wallet = devWallet(node.rpcUrl);
    const sender = wallet.account.address;
    await db.insert(wallets).values({
      id: newId(),
      currency: "USDT",
      network: "ERC20",
      address: sender,
      minDeposit: 1n,
      withdrawFee: 0n,
      minWithdraw: 1n,
    });
    // Blocks hold what the bench puts in them: mined on demand, each with TRANSFERS / BLOCKS transfers.
    await client.request({ method: "evm_setAutomine" as never, params: [false] as never });
    const jobs = startJobs(db, [chainWatcherJob(settings)]);
    const minedAt = new Map<bigint, number>();
    const mine = async (blocks = 1) => {
      for (let i = 0; i < blocks; i++) {
        await client.request({ method: "evm_mine" as never, params: [] as never });
        minedAt.set(await client.getBlockNumber(), Date.now());
      }
    };
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the watcher's first pass sets its start
    let nonce = await client.getTransactionCount({ address: sender, blockTag: "pending" });
    const perBlock = Math.ceil(TRANSFERS / BLOCKS);
    const started = Date.now();
    for (let sent = 0; sent < TRANSFERS;) {
      const batch = Math.min(perBlock, TRANSFERS - sent);
      await Promise.all(
        Array.from({ length: batch }, (_, k) => {
          const to = addresses[(sent + k) % addresses.length]!;
          const data = encodeFunctionData({
            abi: TEST_TOKEN_ABI,
            functionName: "transfer",
            args: [to, 1_000_000n + BigInt(sent + k)],
          });
          return wallet.sendTransaction({
            to: TEST_TOKEN_ADDRESSES.USDT,
            data,
            nonce: nonce++,
            gas: 80_000n,
            maxFeePerGas: 10n ** 10n,
            maxPriorityFeePerGas: 1n,
          });
        }),
      );
      sent += batch;
      await mine();
    }
    const sentIn = Date.now() - started;
    await mine(CONFIRMATIONS - 1);
    const finalConfirmation = Date.now();
    for (;;) {
      const [{ n }] = (await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${chainDeposits} where status = 'credited'`,
      )) as [{ n: number }];
      if (n >= TRANSFERS) break;
      if (Date.now() - finalConfirmation > 600_000)
        throw new Error(`only ${n} of ${TRANSFERS} credited after 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const lastCredit = Date.now() - finalConfirmation;
    await jobs.stop();
    // When each credit's transaction ran (its journal's time, set by the database), not the watcher's pass.
    const rows = await db
      .select({ block: chainDeposits.blockNumber, at: journals.createdAt })
      .from(chainDeposits)
      .innerJoin(journals, eq(journals.id, chainDeposits.journalId));
    const waits = rows
      .map((r) => r.at.getTime() - minedAt.get(r.block + BigInt(CONFIRMATIONS - 1))!)
      .sort((a, b) => a - b);
    console.log(
      `bench:chain — ${TRANSFERS} transfers to ${USERS} users over ${BLOCKS} blocks, ${CONFIRMATIONS} confirmations, PostgreSQL`,
    );
    line("transfers sent and mined", `${(sentIn / 1000).toFixed(1)} s`);
    line("last credit after the final confirmation (target 30 s)", `${(lastCredit / 1000).toFixed(1)} s`);
    line(
      "confirming block → credit committed, p50 / p95 / max (target p95 2 s)",
      `${percentile(waits, 0.5)} / ${percentile(waits, 0.95)} / ${waits.at(-1)} ms`,
    );
  } finally {
    await bench.drop();
    await node.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
