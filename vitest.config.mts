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
    testTimeout: 30_000,
    env: {
      AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
      DATA_DIR: path.join(import.meta.dirname, ".test-data"),
    },
  },
};

export default defineConfig({
  test: {
    // One worker per core, not Vitest's default of one fewer: on 2 cores that was one worker, idle
    // while PostgreSQL (another process) answered it.
    maxWorkers: availableParallelism(),
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
