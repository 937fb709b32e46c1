import type { Job } from "@/lib/jobs/runner";
import { activeChains, type ChainName, type ChainSettings } from "./config";
import { rpcReader, type ChainReader } from "./reader";
import { confirmPayouts } from "./confirm-payouts";
import { followChain } from "./watcher";

/** After a chain's node fails, the wait before asking it again: doubling from a second, at most a minute. */
const backoffMs = (failures: number) => Math.min(60_000, 1_000 * 2 ** Math.min(failures - 1, 6));

/**
 * The watcher as a leased job: one instance follows the chains at a time, each configured chain in
 * turn, its deposits and then the withdrawals sent on it (confirmed at depth). A chain whose node is down, slow or answering nonsense is skipped for a backoff that grows
 * with each failure, while the others go on; it resumes from the last block it finished. The node
 * must be on the configured chain id, checked before its first block is believed.
 */
export function chainWatcherJob(
  settings: ChainSettings,
  readerFor: (c: ChainSettings["chains"][number]) => ChainReader = rpcReader,
): Job {
  const readers = new Map(settings.chains.map((c) => [c.name, readerFor(c)]));
  const failing = new Map<ChainName, { failures: number; retryAt: number }>();
  const verified = new Set<ChainName>();
  // The head each chain's sent withdrawals were last counted at: their users hear of a new count only.
  const payoutHeads = new Map<ChainName, bigint | null>();
  return {
    name: "chain-watcher",
    everyMs: 1_000,
    async run(db) {
      const problems: string[] = [];
      // Token contracts may have been changed in the settings since the last run.
      const current = (await activeChains(db)) ?? settings;
      for (const chain of current.chains) {
        const state = failing.get(chain.name);
        if (state && Date.now() < state.retryAt) continue;
        const reader = readers.get(chain.name)!;
        try {
          if (!verified.has(chain.name)) {
            const id = await reader.chainId();
            if (id !== chain.chainId)
              throw new Error(`the node is on chain id ${id}, not the configured ${chain.chainId}`);
            verified.add(chain.name);
          }
          await followChain(db, chain, reader);
          payoutHeads.set(chain.name, await confirmPayouts(db, chain, reader, payoutHeads.get(chain.name) ?? null));
          failing.delete(chain.name);
        } catch (err) {
          const failures = (state?.failures ?? 0) + 1;
          failing.set(chain.name, { failures, retryAt: Date.now() + backoffMs(failures) });
          problems.push(`${chain.label}: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
        }
      }
      // Failed runs are logged and shown on the dashboard by the runner.
      if (problems.length) throw new Error(`chain watcher: ${problems.join("; ")}`);
    },
  };
}
