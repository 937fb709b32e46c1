import { defineConfig } from "@playwright/test";
import base, { E2E_ADMIN } from "./playwright.config";

/**
 * Two instances of the production server on one PostgreSQL database (TEST_DATABASE_URL's server),
 * so a browser on one instance is seen to receive what is sent through the other.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for the two-instance end-to-end tests");

const PORT_A = Number(process.env.E2E_PORT ?? 3210);
// Far from the other E2E ports in use on a shared machine.
const PORT_B = PORT_A + 1000;
export const INSTANCE_A = `http://localhost:${PORT_A}`;
export const INSTANCE_B = `http://localhost:${PORT_B}`;

// Named after TEST_DATABASE_URL's own database, so whoever drops that one's family (.ci/run) drops this too.
const database = new URL(serverUrl);
database.pathname = `${database.pathname}_instances_${PORT_A}`;

const env = {
  DATABASE_URL: database.toString(),
  TEST_DATABASE_URL: serverUrl,
  // Both instances must read each other's session tokens.
  AUTH_SECRET: "e2e-instances-secret-0123456789abcdef0123",
  DATA_DIR: ".e2e-instances-data",
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // Every test signs up from 127.0.0.1: far more accounts than one real network opens in an hour.
  REGISTRATIONS_PER_IP_PER_HOUR: "10000",
};

export default defineConfig({
  ...base,
  testDir: "tests/e2e-instances",
  projects: [{ name: "mobile", use: { viewport: { width: 390, height: 844 } } }],
  use: { ...base.use, baseURL: INSTANCE_B },
  // Started in order: A creates the fresh database and migrates it, then B joins it.
  webServer: [
    {
      command: "npx tsx tests/e2e-instances/fresh-database.ts && NODE_ENV=production npx tsx server.ts",
      env: { ...env, PORT: String(PORT_A) },
      url: `${INSTANCE_A}/login`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      command: "NODE_ENV=production npx tsx server.ts",
      env: { ...env, PORT: String(PORT_B) },
      url: `${INSTANCE_B}/login`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
  ],
});
