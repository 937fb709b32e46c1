import { mineBlocks } from "@/chain/dev-chain";

/** `npm run chain:mine -- <blocks>`: mines that many blocks (1 by default) on the development node, so deposits gain confirmations. */
const blocks = Number(process.argv[2] ?? 1);
if (!Number.isInteger(blocks) || blocks < 1 || blocks > 100_000) {
  console.error("usage: npm run chain:mine -- <blocks, 1 to 100000>");
  process.exit(1);
}
const rpcUrl = process.env.CHAIN_ETHEREUM_RPC_URL ?? `http://127.0.0.1:${process.env.CHAIN_NODE_PORT ?? 8545}`;
mineBlocks(rpcUrl, blocks).then(
  () => console.log(`mined ${blocks} block${blocks === 1 ? "" : "s"}`),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
