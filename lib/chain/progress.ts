import type { Db } from "@/db/client";
import { chainCursors, type FundingNetwork, type Withdrawal } from "@/db/schema";
import { getSettings } from "@/lib/settings";
import { chainSettings } from "./config";

/** A transaction's page on the network's block explorer (settings, four-eyed), or null when none is set. */
export function explorerUrl(explorers: string, network: string, hash: string | null): string | null {
  if (!hash) return null;
  const entry = explorers
    .split(", ")
    .find((e) => e.startsWith(`${network}=`))
    ?.slice(network.length + 1);
  return entry ? entry.replace("{hash}", encodeURIComponent(hash)) : null;
}

/** What the screens need beside a withdrawal or deposit row: its chain's head and depth required, and explorer links. */
export interface ChainFacts {
  /** The head the watcher last saw on the chain carrying `network`, and the confirmations it requires; nulls off a followed chain. */
  progress(network: FundingNetwork): { head: bigint | null; required: number | null };
  explorer(network: FundingNetwork, hash: string | null): string | null;
}

export async function chainFacts(db: Db): Promise<ChainFacts> {
  const chains = chainSettings()?.chains ?? [];
  const [cursors, settings] = await Promise.all([
    chains.length ? db.select({ chain: chainCursors.chain, head: chainCursors.head }).from(chainCursors) : [],
    getSettings(db),
  ]);
  const heads = new Map(cursors.map((c) => [c.chain, c.head]));
  return {
    progress(network) {
      const chain = chains.find((c) => c.tokenNetwork === network || c.native?.network === network);
      return chain
        ? { head: heads.get(chain.name) ?? null, required: chain.confirmations }
        : { head: null, required: null };
    },
    explorer: (network, hash) => explorerUrl(settings.chain.explorers, network, hash),
  };
}

/** No chain facts: rows shown where none were read (a request just placed has no transaction yet). */
export const NO_CHAIN_FACTS: ChainFacts = {
  progress: () => ({ head: null, required: null }),
  explorer: () => null,
};

/**
 * Where a sent withdrawal stands on its chain: "confirming" with `confirmations` of `required`,
 * "confirmed", "flagged" (the administrators must look) or "returned" (they gave the money back); all
 * null when not sent or not on a
 * followed chain. The status itself stays "sent" throughout.
 */
export function payoutProgress(w: Withdrawal, chain: { head: bigint | null; required: number | null }) {
  const none = { chainStatus: null, confirmations: null, required: null };
  if (w.status !== "sent") return none;
  const required = chain.required;
  if (w.confirmedAt) return { chainStatus: "confirmed" as const, confirmations: required, required };
  // Its transaction left the chain and an administrator gave the money back: it is over, unpaid.
  if (w.returnedAt) return { chainStatus: "returned" as const, confirmations: 0, required };
  if (w.chainProblem) return { chainStatus: "flagged" as const, confirmations: 0, required };
  if (required === null) return none;
  // A transaction found in a block has that block's confirmation, even before the watcher's head reaches it.
  const depth =
    w.txBlock === null ? 0 : chain.head === null || chain.head < w.txBlock ? 1 : Number(chain.head - w.txBlock) + 1;
  // Short of the depth until the follower confirms it, whatever the head says meanwhile.
  return { chainStatus: "confirming" as const, confirmations: Math.min(depth, required - 1), required };
}
