// @ts-check
/**
 * Mutation testing of the money code (issue 20) and the trust code (issue 43): `npm run test:mutation`, or one folder with
 * `npm run test:mutation -- --mutate 'lib/ledger/**\/*.ts'`. Scores and survivors: docs/TESTING.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.mts" },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [
    "lib/ledger/**/*.ts",
    "lib/trading/**/*.ts",
    "lib/funding/**/*.ts",
    "lib/savings/**/*.ts",
    "lib/storage/**/*.ts",
    "lib/strategies/**/*.ts",
    // Money code that moved out of those folders (issue 49): the amount parser, the withdrawal password.
    "lib/core/amount.ts",
    "lib/auth/withdraw-password.ts",
    // The trust code (issue 43): who may act, what is recorded, what is published.
    "lib/approvals/**/*.ts",
    "lib/audit/**/*.ts",
    "lib/proof/**/*.ts",
    "lib/activity/**/*.ts",
    "lib/core/format.ts",
  ],
  // Each mutant runs only the tests that reached it in the first, instrumented run.
  coverageAnalysis: "perTest",
  // Static mutants (module-level code: labels, schemas built at load) run every test of the run each;
  // they were 27 % of lib/ledger's mutants and 63 % of its time. `--ignoreStatic false` counts them.
  ignoreStatic: true,
  // Later runs re-test only mutants whose code or covering tests changed since this file was written.
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  // The machine is shared (two cores); the script runs Stryker under nice.
  concurrency: 2,
  timeoutMS: 60_000,
  ignorePatterns: [
    ".next",
    "data",
    ".test-data",
    ".e2e-data",
    ".e2e-instances-data",
    ".cluster-data-*",
    "test-results",
    "playwright-report",
    "reports/mutation",
    "node_modules.*",
  ],
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 80, break: null },
};

export default config;
