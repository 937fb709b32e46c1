import { startDevNode } from "@/chain/dev-node";

/**
 * `npm run chain:node`: a development EVM node on 127.0.0.1:CHAIN_NODE_PORT (8545) with the test
 * tokens deployed; prints the KEY=value lines to add to the app's environment, then `ready`, and
 * runs until stopped (Ctrl-C).
 */
const port = Number(process.env.CHAIN_NODE_PORT ?? 8545);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`CHAIN_NODE_PORT must be a port number, not "${process.env.CHAIN_NODE_PORT}"`);
  process.exit(1);
}
const confirmations = Number(process.env.CHAIN_NODE_CONFIRMATIONS ?? 12);

async function main() {
  const node = await startDevNode({ port, confirmations });
  for (const [key, value] of Object.entries(node.env)) console.log(`${key}=${value}`);
  console.log("ready");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void node.stop().then(() => process.exit(0)));
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
