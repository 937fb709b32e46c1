import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The suite StrykerJS runs against each mutant (stryker.config.mjs): unit and integration tests on
 * PGlite only. PostgreSQL's race tests need a server and are too slow to repeat per mutant.
 */
/** `MUTATION_TESTS=a.test.ts,b.test.ts` narrows a run to the tests that check one folder's rules (docs/TESTING.md). */
const only = process.env.MUTATION_TESTS?.split(",")
  .map((file) => file.trim())
  .filter(Boolean);

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    name: "pglite",
    environment: "node",
    include: only?.length ? only : ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/pglite-template.setup.ts"],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    env: {
      AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
      DATA_DIR: path.join(import.meta.dirname, ".test-data"),
      AURUM_TEST_DB: "pglite",
    },
  },
});
