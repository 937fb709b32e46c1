import { readdirSync } from "node:fs";
import path from "node:path";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Database code runs on the server only: a browser bundle that imports it would ship the driver
// and the schema, or fail to build in a way that points nowhere near the import.
const SERVER_ONLY = ["@/db", "@/db/*", "postgres", "@electric-sql/pglite", "drizzle-orm", "drizzle-orm/*"];
const serverOnlyMessage =
  "Client code never imports database code: pass what it needs as props from a server component, or call the API.";

/**
 * `"use client"` files are found by their directive, not their path: a rule on the file's imports
 * that applies once the file declares itself a client module.
 */
const clientBoundary = {
  meta: { type: "problem", schema: [], messages: { serverOnly: `{{source}}: ${serverOnlyMessage}` } },
  create(context) {
    let client = false;
    const serverOnly = (source) =>
      SERVER_ONLY.some((p) => (p.endsWith("/*") ? source.startsWith(p.slice(0, -1)) : source === p));
    return {
      Program(node) {
        client = node.body.some((s) => s.type === "ExpressionStatement" && s.directive === "use client");
      },
      ImportDeclaration(node) {
        if (client && node.importKind !== "type" && serverOnly(node.source.value)) {
          context.report({ node, messageId: "serverOnly", data: { source: node.source.value } });
        }
      },
    };
  },
};

const restrict = (patterns) => ["error", { patterns }];

/**
 * The layers of lib/, bottom first: a folder imports only folders above it in this list (and db/,
 * lib/core). Being a total order, it admits no circle between folders. A new folder goes just above
 * the highest folder it needs; if two folders need each other, move what both need further down
 * (as the market's asset codes went into lib/ledger/assets.ts), never raise the lower one.
 */
const LIB_LAYERS = [
  "core", // infrastructure every layer uses: env, ids, time, log, format, the error type, input parsing
  "jobs",
  "mail",
  "push", // Web Push: subscriptions, the queue written with each notification, delivery after commit
  "uploads",
  "ledger", // money: posting, balances, checks; whoever calls it audits, notifies and publishes
  "audit",
  "realtime", // the publisher and the protocol (channel, rooms, handshake); the server is lib/socket
  "settings",
  "notifications",
  "market",
  "activity",
  "auth", // who is calling: sessions, sign-in, credentials, the administrator set
  "account", // what a signed-in user changes about their account
  "api-keys", // programs acting for a user: keys, signed requests, the routes each scope reaches
  "trading",
  "alerts", // price alerts: set against the feed's price, fired by a job with a notification
  "strategies",
  "referrals",
  "chain", // EVM networks: deposit addresses from the xpub, the watcher, payouts checked on chain
  "funding",
  "savings",
  "storage",
  "proof",
  "support",
  "admin",
  "approvals",
  "info",
  "openapi", // the API's published description: every route's schemas, gathered from the folders below
  "socket", // the Socket.IO server: authenticates with lib/auth, fans out what lib/realtime sends
  "http", // the handler wrapper and the HTTP edge: only app/, proxy.ts and server.ts import it
  "ops", // process operations: health, shutdown
];

const here = import.meta.dirname;
// A folder missing from the list would be under no rule, and a file at lib's root in no layer.
for (const entry of readdirSync(path.join(here, "lib"), { withFileTypes: true })) {
  if (!entry.isDirectory())
    throw new Error(`lib/${entry.name}: lib/ holds folders only; shared infrastructure goes in lib/core`);
  if (!LIB_LAYERS.includes(entry.name))
    throw new Error(`lib/${entry.name} is in no layer: add it to LIB_LAYERS in eslint.config.mjs`);
}
const layerZones = LIB_LAYERS.map((folder, i) => ({
  target: `./lib/${folder}`,
  from: [...LIB_LAYERS.slice(i + 1).map((above) => `./lib/${above}`), "./app", "./components"],
  message: `lib/${folder} sits below this folder (LIB_LAYERS in eslint.config.mjs): move what both need down a layer.`,
}));

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "data/**",
      ".e2e-data/**",
      ".e2e-instances-data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "db/migrations/**",
    ],
  },
  { plugins: { aurum: { rules: { "client-boundary": clientBoundary } } }, rules: { "aurum/client-boundary": "error" } },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict([{ group: SERVER_ONLY, allowTypeImports: true, message: serverOnlyMessage }]),
    },
  },
  {
    // Resolved to files by the TypeScript resolver (eslint-config-next's import settings), so a
    // relative `../audit`, an `@/` alias and a .tsx file are all caught; type-only imports too,
    // since a type from a higher layer ties the lower one to it all the same. Only the files
    // eslint-config-next gives the import plugin to (a .cjs tool config is not one of them).
    files: ["**/*.{js,jsx,mjs,ts,tsx,mts}"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          basePath: here,
          zones: [
            ...layerZones,
            {
              target: "./db",
              from: "./lib",
              except: ["./core/env.ts"],
              message: "db/ sits below lib/: it reads the environment (lib/core/env.ts) and nothing else of lib.",
            },
            {
              target: "./components",
              from: "./app",
              message: "components/ never imports app/: move what both need into components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The schema's files name each other's tables for foreign keys: a circle among them is how
    // layers start to knot (see strategy-runs.ts). disableScc: the shortcut judges by the files on
    // disk, so it would miss a circle in text being edited (and in the probe that tests this rule).
    files: ["db/schema/**/*.ts"],
    rules: { "import/no-cycle": ["error", { disableScc: true }] },
  },
  {
    // Domain code stays framework-free; only the HTTP layer shapes Next responses.
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/http/**"],
    rules: {
      "no-restricted-imports": restrict([
        {
          group: ["next/server"],
          message: "Domain code never imports next/server: responses are shaped in app/ and lib/http.",
        },
      ]),
    },
  },
  {
    // The ledger is run by jobs and scripts as well as requests: no request state either.
    files: ["lib/ledger/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict([
        {
          group: ["next/server", "next/headers"],
          message: "lib/ledger never imports Next: responses are shaped in app/ and lib/http.",
        },
      ]),
    },
  },
];

export default config;
