import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !postgresUrl) {
  // CI must never pass by quietly leaving out the PostgreSQL-only (concurrency) tests.
  throw new Error("TEST_DATABASE_URL is required when CI is set");
}

const shared = {
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    hookTimeout: 60_000,
    // Files share their worker's modules instead of importing the app afresh each: the import was half
    // the suite's CPU (on two cores, PGlite's half went from 417 s to 210 s). Each file still has a
    // database of its own (tests/support/db.ts); what a file changes in the process (env, TZ, timers,
    // spies) it puts back, and state kept for the process's life is keyed or reset where a test
    // needs it fresh (trading-market-assets.test.ts).
    isolate: false,
    testTimeout: 30_000,
    env: {
      AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
      DATA_DIR: path.join(import.meta.dirname, ".test-data"),
    },
  },
};

export default defineConfig({
  test: {
    // One worker more than the cores, not Vitest's default of one fewer: a worker of the PostgreSQL
    // project waits while PostgreSQL (another process) answers it, and some tests wait on timers. On
    // two cores, 3 workers took the suite from 344 s to 307 s (both cores were already ~88 % busy).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        ...shared,
        test: {
          ...shared.test,
          name: "pglite",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/pglite-template.setup.ts"],
          env: { ...shared.test.env, AURUM_TEST_DB: "pglite" },
        },
      },
      ...(postgresUrl
        ? [
            {
              ...shared,
              test: {
                ...shared.test,
                name: "postgres",
                include: ["tests/integration/**/*.test.ts", "tests/postgres/**/*.test.ts"],
                globalSetup: ["tests/support/postgres-template.setup.ts"],
                env: { ...shared.test.env, AURUM_TEST_DB: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
