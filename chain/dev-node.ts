import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseUnits, type Address } from "viem";
import {
  DEV_CHAIN_ID,
  DEV_MNEMONIC,
  TEST_TOKEN_ADDRESSES,
  TEST_TOKEN_DECIMALS,
  TEST_TOKENS,
  devClient,
  devWallet,
  xpubOf,
  type TestToken,
} from "./dev-chain";

/**
 * A development EVM node: Hardhat 2's `hardhat node` (its EDR engine is an npm platform package, so
 * nothing is downloaded at run time) with test USDT, USDC and XAUt tokens deployed at fixed
 * addresses. `npm run chain:node` runs one for a developer; the tests start one per file.
 */

// A hundred billion of each: enough for any bench, far inside uint256.
const SUPPLY = parseUnits("100000000000", TEST_TOKEN_DECIMALS);

const require = createRequire(import.meta.url);
const here = import.meta.dirname;

/** The token's bytecode, compiled by the solc npm package (solcjs, WebAssembly): no compiler is downloaded. */
function compileToken(): `0x${string}` {
  const solc = require("solc") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources: { "TestToken.sol": { content: readFileSync(path.join(here, "contracts", "TestToken.sol"), "utf8") } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { TestToken: ["evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length)
    throw new Error(`TestToken.sol does not compile:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  return `0x${output.contracts!["TestToken.sol"]!.TestToken!.evm.bytecode.object}`;
}

const CONSTRUCTOR_ABI = [
  {
    type: "constructor",
    stateMutability: "nonpayable",
    inputs: [
      { name: "name_", type: "string" },
      { name: "symbol_", type: "string" },
      { name: "decimals_", type: "uint8" },
      { name: "supply", type: "uint256" },
    ],
  },
] as const;
const TOKEN_NAMES: Record<TestToken, string> = {
  USDT: "Test Tether USD",
  USDC: "Test USD Coin",
  XAUT: "Test Tether Gold",
};

export interface DevNode {
  rpcUrl: string;
  port: number;
  chainId: number;
  tokens: Record<TestToken, Address>;
  xpub: string;
  /** The KEY=value lines that point the app at this node. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts `hardhat node` on 127.0.0.1:`port` (0: a free port) and waits until it answers; the process and its URL. */
async function startHardhat(port: number, chainId: number): Promise<{ child: ChildProcess; rpcUrl: string }> {
  const cli = path.join(path.dirname(require.resolve("hardhat/package.json")), "internal", "cli", "bootstrap.js");
  const child = spawn(
    process.execPath,
    [cli, "--config", path.join(here, "hardhat.config.cjs"), "node", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      cwd: here,
      env: {
        ...process.env,
        CHAIN_ID: String(chainId),
        HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
        HARDHAT_HIDE_SOLIDITY_SURVEY_MESSAGE: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  // A test run that dies leaves no node behind.
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  child.once("exit", () => process.off("exit", orphaned));
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  // The node says where it listens once it does (with port 0, the port it was given); then nothing more is read.
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const url = /JSON-RPC server at (http:\/\/[^\s/]+)\//.exec(line)?.[1];
      if (url) {
        lines.close();
        child.stdout!.resume();
        resolve(url);
      }
    });
    child.once("exit", (code) => reject(new Error(`hardhat node exited (${code}) before listening:\n${stderr}`)));
    child.once("error", reject);
  });
  return { child, rpcUrl };
}

async function deployTokens(rpcUrl: string, chainId: number): Promise<void> {
  const bytecode = compileToken();
  const wallet = devWallet(rpcUrl, 0, chainId);
  const client = devClient(rpcUrl, chainId);
  for (const symbol of TEST_TOKENS) {
    const hash = await wallet.deployContract({
      abi: CONSTRUCTOR_ABI,
      bytecode,
      args: [TOKEN_NAMES[symbol], symbol, TEST_TOKEN_DECIMALS, SUPPLY],
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.contractAddress?.toLowerCase() !== TEST_TOKEN_ADDRESSES[symbol].toLowerCase()) {
      throw new Error(
        `${symbol} landed at ${receipt.contractAddress}, not ${TEST_TOKEN_ADDRESSES[symbol]}: was the node fresh?`,
      );
    }
  }
}

/**
 * A fresh development node with the test tokens deployed, and the configuration that points the app
 * at it (Ethereum: ERC20 tokens and ETH). `confirmations` is what the printed configuration asks for.
 */
export async function startDevNode(
  options: { port?: number; chainId?: number; confirmations?: number } = {},
): Promise<DevNode> {
  const chainId = options.chainId ?? DEV_CHAIN_ID;
  const { child, rpcUrl } = await startHardhat(options.port ?? 0, chainId);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  try {
    await deployTokens(rpcUrl, chainId);
  } catch (err) {
    await stop();
    throw err;
  }
  const xpub = xpubOf(DEV_MNEMONIC);
  const env = {
    CHAIN_ETHEREUM_RPC_URL: rpcUrl,
    CHAIN_ETHEREUM_CHAIN_ID: String(chainId),
    CHAIN_ETHEREUM_CONFIRMATIONS: String(options.confirmations ?? 12),
    ...Object.fromEntries(TEST_TOKENS.map((t) => [`CHAIN_ETHEREUM_TOKEN_${t}`, TEST_TOKEN_ADDRESSES[t]])),
    DEPOSIT_XPUB: xpub,
  };
  return { rpcUrl, port: Number(new URL(rpcUrl).port), chainId, tokens: { ...TEST_TOKEN_ADDRESSES }, xpub, env, stop };
}
