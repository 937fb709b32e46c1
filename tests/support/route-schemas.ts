import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");
const API = path.join(ROOT, "app/api");
const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** Where a handler's schema comes from: the imported name and its module, as the route file wrote them. */
export interface SchemaRef {
  name: string;
  module: string;
}

/** What a route file's handler for one method does with its input, read from its source. */
export interface HandlerInput {
  file: string;
  method: string;
  /** The OpenAPI path: `app/api/trades/[id]/route.ts` is `/api/trades/{id}`. */
  path: string;
  /** The wrapper: withUser, withSession, withAdmin, route, or none (a bare function). */
  wrapper: string;
  body?: SchemaRef;
  query?: SchemaRef;
  form?: SchemaRef;
  /** The schema handed to `answer` or `answerOutcome` (lib/http/answer.ts): the JSON answer's. */
  answer?: SchemaRef;
  idempotency?: "optional" | "required";
}

function routeFiles(dir = API): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const openApiPath = (file: string) =>
  "/" +
  path
    .relative(ROOT, path.dirname(file))
    .split(path.sep)
    .slice(1)
    .map((s) => s.replace(/^\[(.+)\]$/, "{$1}"))
    .join("/");

/** The imported names of a file and the module each comes from. */
function importsOf(source: ts.SourceFile): Map<string, SchemaRef> {
  const imports = new Map<string, SchemaRef>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause?.namedBindings) continue;
    const bindings = statement.importClause.namedBindings;
    if (!ts.isNamedImports(bindings)) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    for (const element of bindings.elements)
      imports.set(element.name.text, { name: (element.propertyName ?? element.name).text, module: from });
  }
  return imports;
}

const calleeName = (call: ts.CallExpression) => (ts.isIdentifier(call.expression) ? call.expression.text : "");

const WRAPPERS = new Set(["withUser", "withSession", "withAdmin", "route"]);
const ANSWERS = new Set(["answer", "answerOutcome"]);

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);

/**
 * The declaration of a helper a handler is made with (`answer("create", …)`, `strategyActionRoute("pause")`):
 * in the route file itself, or exported by another file under app/ that it imports.
 */
function helperDeclaration(
  source: ts.SourceFile,
  name: string,
  imports: Map<string, SchemaRef>,
): { node: ts.Node; imports: Map<string, SchemaRef> } | undefined {
  const imported = imports.get(name);
  if (imported?.module.startsWith("@/app/")) {
    const file = parse(path.join(ROOT, imported.module.slice(2)) + ".ts");
    // Its schemas are named by its own file's imports.
    return helperDeclaration(file, imported.name, importsOf(file));
  }
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return { node: statement, imports };
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (d.name.getText() === name && d.initializer) return { node: d.initializer, imports };
  }
  return undefined;
}

/**
 * Every exported method handler of every route file under app/api, with the schemas it hands to
 * `parseBody` (the JSON body), to `validate` with `searchParamsOf` (the query), to `validate` with
 * anything else (a multipart form's text fields) or to `answer`/`answerOutcome` (its answer), and how
 * it takes an Idempotency-Key. A schema that
 * is not imported (declared in the route file itself) comes back with module "" and fails the
 * registry test: the document can only name schemas a library module exports.
 */
export function handlerInputs(): HandlerInput[] {
  const found: HandlerInput[] = [];
  for (const file of routeFiles().sort()) {
    const source = parse(file);
    let imports = importsOf(source);
    const ref = (node: ts.Node | undefined): SchemaRef => {
      const name = node && ts.isIdentifier(node) ? node.text : String(node?.getText());
      return imports.get(name) ?? { name, module: "" };
    };
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const method = declaration.name.getText();
        if (!METHODS.has(method) || !declaration.initializer) continue;
        const init = declaration.initializer;
        const input: HandlerInput = {
          file: path.relative(ROOT, file),
          method,
          path: openApiPath(file),
          wrapper: "none",
        };
        const visit = (node: ts.Node) => {
          if (ts.isCallExpression(node)) {
            const name = calleeName(node);
            if (WRAPPERS.has(name) && input.wrapper === "none") input.wrapper = name;
            if (name === "parseBody") input.body = ref(node.arguments[1]);
            if (name === "validate") {
              const from = node.arguments[1];
              const isQuery = from && ts.isCallExpression(from) && calleeName(from) === "searchParamsOf";
              input[isQuery ? "query" : "form"] = ref(node.arguments[0]);
            }
            if (ANSWERS.has(name) && imports.get(name)?.module === "@/lib/http/answer")
              input.answer = ref(node.arguments[0]);
            if (name === "idempotencyKeyOf") input.idempotency = "optional";
            if (name === "requiredIdempotencyKey") input.idempotency = "required";
          }
          ts.forEachChild(node, visit);
        };
        visit(init);
        if (ts.isCallExpression(init) && !WRAPPERS.has(calleeName(init))) {
          const helper = helperDeclaration(source, calleeName(init), imports);
          if (helper) {
            const own = imports;
            imports = helper.imports;
            visit(helper.node);
            imports = own;
          }
        }
        found.push(input);
      }
    }
  }
  return found;
}
