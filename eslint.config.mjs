import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Database code runs on the server only: a browser bundle that imports it would ship the driver
// and the schema, or fail to build in a way that points nowhere near the import.
const SERVER_ONLY = ["@/db", "@/db/*", "postgres", "@electric-sql/pglite", "drizzle-orm", "drizzle-orm/*"];
const serverOnlyMessage = "Client code never imports database code: pass what it needs as props from a server component, or call the API.";

/**
 * `"use client"` files are found by their directive, not their path: a rule on the file's imports
 * that applies once the file declares itself a client module.
 */
const clientBoundary = {
  meta: { type: "problem", schema: [], messages: { serverOnly: `{{source}}: ${serverOnlyMessage}` } },
  create(context) {
    let client = false;
    const serverOnly = (source) => SERVER_ONLY.some((p) => (p.endsWith("/*") ? source.startsWith(p.slice(0, -1)) : source === p));
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
const NO_NEXT_SERVER = { group: ["next/server"], message: "Domain code never imports next/server: responses are shaped in app/ and lib/http." };

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", "data/**", ".e2e-data/**", ".e2e-instances-data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "db/migrations/**"] },
  { plugins: { aurum: { rules: { "client-boundary": clientBoundary } } }, rules: { "aurum/client-boundary": "error" } },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict([{ group: SERVER_ONLY, allowTypeImports: true, message: serverOnlyMessage }]) },
  },
  {
    // The ledger is the bottom layer: whoever calls it audits, notifies and publishes.
    files: ["lib/ledger/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["@/lib/admin", "@/lib/admin/*", "@/lib/audit", "@/lib/audit/*", "@/lib/realtime", "@/lib/realtime/*", "@/lib/notifications", "@/lib/notifications/*"], message: "lib/ledger never imports admin, audit, realtime or notifications: its callers do that." },
        { group: ["next/server", "next/headers"], message: "Domain code never imports Next: responses are shaped in app/ and lib/http." },
      ]),
    },
  },
  {
    // Domain code stays framework-free; only the HTTP layer shapes Next responses.
    files: ["lib/**/*.ts"],
    ignores: ["lib/http/**", "lib/ledger/**"],
    rules: { "no-restricted-imports": restrict([NO_NEXT_SERVER]) },
  },
  {
    // lib/auth is who is calling (sessions, sign-in, two-factor); lib/account, what a signed-in user
    // changes about their account, builds on it. The other way round would tie them in a knot.
    files: ["lib/auth/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["@/lib/account", "@/lib/account/*"], message: "lib/auth never imports lib/account: put what both need in lib/auth." },
        NO_NEXT_SERVER,
      ]),
    },
  },
];

export default config;
