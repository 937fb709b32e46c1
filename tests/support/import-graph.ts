import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The project's import graph, resolved the way TypeScript resolves it (relative paths, the `@/`
 * alias, index files, `.tsx`), so a check over it sees files rather than import strings. Type-only
 * imports are left out: they vanish from the emitted code and carry no runtime dependency.
 */
export interface ImportGraph {
  /** Absolute file → the project files it imports at runtime. */
  edges: Map<string, Set<string>>;
  /** Absolute file → the packages it imports at runtime (bare specifiers, e.g. `drizzle-orm/pg-core`). */
  packages: Map<string, Set<string>>;
}

export const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib", "db"];
const compilerOptions: ts.CompilerOptions = {
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  baseUrl: ROOT,
  paths: { "@/*": ["./*"] },
  jsx: ts.JsxEmit.ReactJSX,
  allowJs: false,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The runtime import specifiers of one file: `import`, `export … from` and `import()`, not `import type`. */
export function runtimeImports(source: string, fileName: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * Builds the graph over app/, components/, lib/ and db/. `extra` adds files that are not on disk
 * (a probe in a test) as absolute path → source text.
 */
export function buildImportGraph(extra: Record<string, string> = {}): ImportGraph {
  const files = new Map<string, string>();
  for (const dir of SOURCE_DIRS)
    for (const f of sourceFiles(path.join(ROOT, dir))) files.set(f, readFileSync(f, "utf8"));
  for (const [f, text] of Object.entries(extra)) files.set(f, text);
  const host: ts.ModuleResolutionHost = {
    fileExists: (f) => files.has(f) || ts.sys.fileExists(f),
    readFile: (f) => files.get(f) ?? ts.sys.readFile(f),
    directoryExists: ts.sys.directoryExists,
    realpath: ts.sys.realpath,
  };
  const edges = new Map<string, Set<string>>();
  const packages = new Map<string, Set<string>>();
  for (const [file, text] of files) {
    const out = new Set<string>();
    const pkgs = new Set<string>();
    for (const spec of runtimeImports(text, file)) {
      if (!spec.startsWith(".") && !spec.startsWith("@/")) {
        pkgs.add(spec);
        continue;
      }
      const resolved = ts.resolveModuleName(spec, file, compilerOptions, host).resolvedModule?.resolvedFileName;
      if (resolved && files.has(resolved)) out.add(resolved);
    }
    edges.set(file, out);
    packages.set(file, pkgs);
  }
  return { edges, packages };
}

export const isClientModule = (text: string): boolean =>
  /^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/.test(text);

/** The shortest chain of runtime imports from `from` to a file or package `reached` accepts, or null. */
export function chainTo(
  graph: ImportGraph,
  from: string,
  reached: (file: string, pkgs: Set<string>) => string | null,
): string[] | null {
  const parent = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const hit = reached(file, graph.packages.get(file) ?? new Set());
    if (hit) {
      const chain = [hit];
      for (let f: string | null = file; f; f = parent.get(f) ?? null) chain.unshift(path.relative(ROOT, f));
      return chain;
    }
    for (const next of graph.edges.get(file) ?? []) {
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}
