import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { buildImportGraph, chainTo, isClientModule, ROOT, type ImportGraph } from "../support/import-graph";

/*
 * The layers are kept by the lint (eslint.config.mjs) and by the import-graph walk below. Each rule
 * is shown to bite by a probe: a file that breaks it, linted as if it sat at the path it names
 * (it never touches the disk), so a rule that quietly stopped resolving files fails here.
 */

const eslint = new ESLint({ cwd: ROOT });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe("the lint's layers, by file", () => {
  it("stops the ledger importing audit by a relative path, as by the alias", async () => {
    expect(
      await ruleIds("lib/ledger/probe.ts", 'import { audit } from "../audit";\nexport const probe = audit;\n'),
    ).toContain("import/no-restricted-paths");
    expect(
      await ruleIds("lib/ledger/probe.ts", 'import { audit } from "@/lib/audit";\nexport const probe = audit;\n'),
    ).toContain("import/no-restricted-paths");
  });

  it("covers .tsx files under lib, and type-only imports", async () => {
    expect(
      await ruleIds(
        "lib/core/probe.tsx",
        'import { publish } from "@/lib/realtime/publish";\nexport const probe = publish;\n',
      ),
    ).toContain("import/no-restricted-paths");
    expect(
      await ruleIds(
        "lib/ledger/probe.ts",
        'import type { Quote } from "@/lib/trading/market";\nexport type Probe = Quote;\n',
      ),
    ).toContain("import/no-restricted-paths");
  });

  it("keeps every pair of folders one way round, so no two can import each other", async () => {
    // auth ↔ account and ledger → trading were circles before; the order forbids the upward half.
    expect(
      await ruleIds(
        "lib/auth/probe.ts",
        'import { freezeAccount } from "@/lib/account/freeze";\nexport const probe = freezeAccount;\n',
      ),
    ).toContain("import/no-restricted-paths");
    expect(
      await ruleIds(
        "lib/realtime/probe.ts",
        'import { authenticateToken } from "../auth/sessions";\nexport const probe = authenticateToken;\n',
      ),
    ).toContain("import/no-restricted-paths");
    expect(
      await ruleIds(
        "lib/trading/probe.ts",
        'import { BASE } from "@/lib/ledger/assets";\nexport const probe = BASE;\n',
      ),
    ).toEqual([]);
  });

  it("keeps lib out of app and components, components out of app, and db below lib", async () => {
    expect(
      await ruleIds(
        "lib/trading/probe.ts",
        'import { Amount } from "@/components/amount";\nexport const probe = Amount;\n',
      ),
    ).toContain("import/no-restricted-paths");
    expect(
      await ruleIds("components/probe.tsx", 'import Page from "@/app/(app)/page";\nexport const probe = Page;\n'),
    ).toContain("import/no-restricted-paths");
    expect(
      await ruleIds(
        "db/probe.ts",
        'import { listAssets } from "@/lib/ledger/assets";\nexport const probe = listAssets;\n',
      ),
    ).toContain("import/no-restricted-paths");
    expect(
      await ruleIds("db/probe.ts", 'import { readEnv } from "@/lib/core/env";\nexport const probe = readEnv;\n'),
    ).toEqual([]);
  });

  it("refuses a circle among the schema's files", async () => {
    // ledger.ts imports users.ts: users.ts importing it back closes a circle.
    const users = readFileSync(path.join(ROOT, "db/schema/users.ts"), "utf8");
    expect(
      await ruleIds(
        "db/schema/users.ts",
        `${users}\nimport { accounts } from "./ledger";\nexport const probe = accounts;\n`,
      ),
    ).toContain("import/no-cycle");
    expect(await ruleIds("db/schema/users.ts", users)).toEqual([]);
  });

  it("keeps a client module's own imports off the database", async () => {
    expect(
      await ruleIds(
        "app/probe.tsx",
        '"use client";\nimport { getDb } from "@/db/client";\nexport const probe = getDb;\n',
      ),
    ).toContain("aurum/client-boundary");
  });
});

describe("client modules and the database, through every chain of imports", () => {
  const SERVER_PACKAGES = [/^drizzle-orm(\/|$)/, /^postgres$/, /^@electric-sql\/pglite(\/|$)/];
  const server = (file: string, packages: Set<string>): string | null => {
    const rel = path.relative(ROOT, file);
    if (rel.startsWith(`db${path.sep}`)) return rel;
    return [...packages].find((p) => SERVER_PACKAGES.some((r) => r.test(p))) ?? null;
  };
  const clientChains = (graph: ImportGraph, only?: string) =>
    [...graph.edges.keys()]
      .filter((f) => (only ? f === only : isClientModule(readFileSync(f, "utf8"))))
      .map((f) => chainTo(graph, f, server))
      .filter((chain) => chain !== null);

  let graph: ImportGraph;
  beforeAll(() => {
    graph = buildImportGraph();
  });

  it("finds the client modules it checks", () => {
    const clients = [...graph.edges.keys()].filter((f) => isClientModule(readFileSync(f, "utf8")));
    expect(clients.length).toBeGreaterThan(50);
    expect(clients.map((f) => path.relative(ROOT, f))).toContain(path.join("components", "app-shell.tsx"));
  });

  it("no client module reaches @/db, drizzle or a driver, however indirectly", () => {
    expect(clientChains(graph).map((c) => c.join(" → "))).toEqual([]);
  });

  it("finds the chain when one does: a client module → a server module → drizzle and @/db", () => {
    const probe = path.join(ROOT, "components", "probe.tsx");
    const withProbe = buildImportGraph({
      [probe]: '"use client";\nimport { listAssets } from "../lib/ledger/assets";\nexport const probe = listAssets;\n',
    });
    const [chain] = clientChains(withProbe, probe);
    expect(chain?.slice(0, 2)).toEqual([path.join("components", "probe.tsx"), path.join("lib", "ledger", "assets.ts")]);
    // A type-only import carries no code into the bundle.
    const typeOnly = buildImportGraph({
      [probe]: '"use client";\nimport type { Asset } from "../lib/ledger/assets";\nexport type Probe = Asset;\n',
    });
    expect(clientChains(typeOnly, probe)).toEqual([]);
  });
});
