import { isAddress } from "viem";
import { sendTestFunds, TEST_TOKENS, type TestToken } from "@/chain/dev-chain";

/** `npm run chain:send -- <address> <amount> <USDT|USDC|XAUT|ETH>`: test funds from the development node's first account; prints the transaction hash. */
const [to, amount, asset] = process.argv.slice(2);
const assets: readonly string[] = [...TEST_TOKENS, "ETH"];
if (
  !to ||
  !isAddress(to) ||
  !amount ||
  !/^\d+(\.\d+)?$/.test(amount) ||
  !asset ||
  !assets.includes(asset.toUpperCase())
) {
  console.error(`usage: npm run chain:send -- <0x address> <amount, e.g. 25.5> <${assets.join("|")}>`);
  process.exit(1);
}
const rpcUrl = process.env.CHAIN_ETHEREUM_RPC_URL ?? `http://127.0.0.1:${process.env.CHAIN_NODE_PORT ?? 8545}`;
sendTestFunds(rpcUrl, to, amount, asset.toUpperCase() as TestToken | "ETH").then(
  (hash) => console.log(hash),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
