import { afterAll, beforeAll } from "vitest";
import { startDevNode, type DevNode } from "@/chain/dev-node";

/**
 * A development EVM node of the test file's own (a free port, fresh chain, test tokens deployed),
 * started before its tests and stopped after them, as its database is. Returns a getter, as the
 * node exists only once beforeAll ran.
 */
export function withChainNode(options: { confirmations?: number } = {}): () => DevNode {
  let node: DevNode | undefined;
  beforeAll(async () => {
    node = await startDevNode({ port: 0, confirmations: options.confirmations });
  });
  afterAll(() => node?.stop());
  return () => {
    if (!node) throw new Error("the chain node is not started yet");
    return node;
  };
}

/**
 * Sets the variables `env()` returns for the file's tests (after beforeAll hooks declared before it
 * ran, so a node's URL can be in them) and puts the old values back after: files share a process.
 */
export function withChainEnv(env: () => Record<string, string>): void {
  const saved = new Map<string, string | undefined>();
  beforeAll(() => {
    for (const [key, value] of Object.entries(env())) {
      saved.set(key, process.env[key]);
      process.env[key] = value;
    }
  });
  afterAll(() => {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
}
