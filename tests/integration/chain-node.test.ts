import { formatUnits } from "viem";
import { describe, expect, it } from "vitest";
import { devClient, mineBlocks, sendTestFunds, TEST_TOKEN_ABI, TEST_TOKEN_ADDRESSES } from "@/chain/dev-chain";
import { withChainNode } from "../support/chain";

const node = withChainNode();
const someone = "0x00000000000000000000000000000000000a0b0c";

describe("the development chain node", () => {
  it("has the test tokens at their fixed addresses, with 6 decimals", async () => {
    const client = devClient(node().rpcUrl);
    expect(await client.getChainId()).toBe(31337);
    for (const address of Object.values(TEST_TOKEN_ADDRESSES)) {
      expect(await client.readContract({ address, abi: TEST_TOKEN_ABI, functionName: "decimals" })).toBe(6);
    }
    expect(node().env.CHAIN_ETHEREUM_TOKEN_XAUT).toBe(TEST_TOKEN_ADDRESSES.XAUT);
    expect(node().env.DEPOSIT_XPUB).toMatch(/^xpub/);
  });

  it("sends tokens and ETH exactly, and mines blocks on demand", async () => {
    const client = devClient(node().rpcUrl);
    await sendTestFunds(node().rpcUrl, someone, "12.345678", "XAUT");
    await sendTestFunds(node().rpcUrl, someone, "0.000000000000000001", "ETH");
    const balance = await client.readContract({
      address: TEST_TOKEN_ADDRESSES.XAUT,
      abi: TEST_TOKEN_ABI,
      functionName: "balanceOf",
      args: [someone],
    });
    expect(formatUnits(balance, 6)).toBe("12.345678");
    expect(await client.getBalance({ address: someone })).toBe(1n);
    const before = await client.getBlockNumber();
    await mineBlocks(node().rpcUrl, 25);
    expect(await client.getBlockNumber()).toBe(before + 25n);
  });
});
