import { describe, expect, it } from "vitest";
import type { ChainDeposit, Withdrawal } from "@/db/schema";
import { explorerUrl, payoutProgress } from "@/lib/chain/progress";
import { chainDepositView } from "@/lib/chain/views";

const hash = `0x${"ab".repeat(32)}`;
const explorers = "ERC20=https://etherscan.io/tx/{hash}, TRC20=https://tronscan.org/#/transaction/{hash}";

describe("explorer links", () => {
  it("put the hash where the network's template says, and are null without a template or a hash", () => {
    expect(explorerUrl(explorers, "ERC20", hash)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(explorerUrl(explorers, "TRC20", "ff00")).toBe("https://tronscan.org/#/transaction/ff00");
    expect(explorerUrl(explorers, "BEP20", hash)).toBeNull();
    expect(explorerUrl(explorers, "ERC20", null)).toBeNull();
    expect(explorerUrl("", "ERC20", hash)).toBeNull();
  });

  it("are on a chain deposit's view", () => {
    const deposit = { id: "d", currency: "USDT", network: "ERC20", amount: 1_000_000n, txHash: hash, logIndex: 0 };
    const view = chainDepositView(
      { ...deposit, blockNumber: 10n, status: "pending", createdAt: new Date(0), decidedAt: null } as ChainDeposit,
      6,
      { finished: 11n, required: 3, explorers },
    );
    expect(view).toMatchObject({ explorerUrl: `https://etherscan.io/tx/${hash}`, confirmations: 2, required: 3 });
  });
});

describe("a sent withdrawal's progress", () => {
  const sent = { status: "sent", txBlock: 100n, confirmedAt: null, chainProblem: null } as Withdrawal;

  it("counts from its block to the head, short of the depth until the follower confirms it", () => {
    expect(payoutProgress(sent, { head: 100n, required: 3 })).toEqual({
      chainStatus: "confirming",
      confirmations: 1,
      required: 3,
    });
    expect(payoutProgress(sent, { head: 101n, required: 3 })).toMatchObject({ confirmations: 2 });
    expect(payoutProgress(sent, { head: 102n, required: 3 })).toMatchObject({
      chainStatus: "confirming",
      confirmations: 2,
    });
    expect(payoutProgress({ ...sent, txBlock: null }, { head: 102n, required: 3 })).toMatchObject({ confirmations: 0 });
    // Found in its block before the watcher's head reached it: that block is its first confirmation.
    expect(payoutProgress(sent, { head: 99n, required: 3 })).toMatchObject({ confirmations: 1 });
    expect(payoutProgress(sent, { head: null, required: 3 })).toMatchObject({ confirmations: 1 });
  });

  it("is confirmed or flagged as recorded, and nothing off a followed chain or before it is sent", () => {
    expect(payoutProgress({ ...sent, confirmedAt: new Date() }, { head: null, required: 12 })).toEqual({
      chainStatus: "confirmed",
      confirmations: 12,
      required: 12,
    });
    expect(payoutProgress({ ...sent, chainProblem: "gone" }, { head: 200n, required: 12 })).toMatchObject({
      chainStatus: "flagged",
    });
    expect(payoutProgress(sent, { head: 200n, required: null })).toEqual({
      chainStatus: null,
      confirmations: null,
      required: null,
    });
    expect(payoutProgress({ ...sent, status: "pending" }, { head: 200n, required: 3 })).toMatchObject({
      chainStatus: null,
    });
  });
});
