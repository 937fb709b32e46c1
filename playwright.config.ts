import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { DEV_CHAIN_ID, DEV_MNEMONIC, TEST_TOKEN_ADDRESSES, xpubOf } from "./chain/dev-chain";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// The development EVM node the deposit-from-chain test sends to (tests/e2e/chain-deposit.spec.ts).
export const E2E_CHAIN_PORT = Number(process.env.E2E_CHAIN_PORT ?? PORT + 1);
export const E2E_CHAIN_CONFIRMATIONS = 3;
// The local push service tests/e2e/push.spec.ts runs, which the server may push to over plain http.
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? PORT + 2);
export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password" };

// Debian's Chromium where present (CI and these machines cannot download a browser).
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Many flows drive two browsers (a user and an administrator) through several screens: on a busy
  // 2-core machine they take 25-35 s, so 30 s was a failure waiting to happen. Each step still waits
  // at most 10 s for what it expects.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failure keeps its trace: every action's DOM snapshot and network, without the screencast,
    // whose frames cost Chromium's CPU on every test, the passing ones included.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "mobile", use: { viewport: { width: 390, height: 844 } }, testIgnore: /(admin|desktop)\.spec\.ts/ },
    // The admin area, and the user area's desktop layout (desktop.spec.ts).
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, testMatch: /(admin|desktop)\.spec\.ts/ },
  ],
  webServer: [
    {
      // Tokens at fixed addresses, so the app's configuration below is known before the node starts.
      command: "npx tsx scripts/chain-node.ts",
      env: { CHAIN_NODE_PORT: String(E2E_CHAIN_PORT), CHAIN_NODE_CONFIRMATIONS: String(E2E_CHAIN_CONFIRMATIONS) },
      wait: { stdout: /^ready$/m },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      // A fresh embedded database for every run, on the production build.
      command: `rm -rf .e2e-data && NODE_ENV=production npx tsx server.ts`,
      env: {
        PORT: String(PORT),
        DATA_DIR: ".e2e-data",
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // Every test signs up from 127.0.0.1: far more accounts than one real network opens in an hour.
        REGISTRATIONS_PER_IP_PER_HOUR: "10000",
        // One JSON line per request is for production; the test output keeps warnings and errors.
        LOG_LEVEL: "warn",
        // The 24-hour pause after a withdrawal password is set is tested in the integration tests;
        // browsers cannot wait a day, so the end-to-end server does not pause.
        WITHDRAW_HOLD_HOURS: "0",
        // USDC on ERC20 is credited from the node above (chain-deposit.spec.ts); every other pair keeps the proof flow.
        CHAIN_ETHEREUM_RPC_URL: `http://127.0.0.1:${E2E_CHAIN_PORT}`,
        CHAIN_ETHEREUM_CHAIN_ID: String(DEV_CHAIN_ID),
        CHAIN_ETHEREUM_CONFIRMATIONS: String(E2E_CHAIN_CONFIRMATIONS),
        CHAIN_ETHEREUM_TOKEN_USDC: TEST_TOKEN_ADDRESSES.USDC,
        DEPOSIT_XPUB: xpubOf(DEV_MNEMONIC),
        PUSH_ENDPOINT_ALLOW: `127.0.0.1:${E2E_PUSH_PORT}`,
      },
      url: `http://localhost:${PORT}/login`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
  ],
});
