import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET as adminDocumentRoute } from "@/app/api/admin/openapi.json/route";
import { GET as userDocumentRoute } from "@/app/api/openapi.json/route";
import { ERROR_CODES } from "@/lib/core/errors";
import { ADMIN_OPERATIONS } from "@/lib/openapi/admin-operations";
import { adminApiDocument, userApiDocument } from "@/lib/openapi/documents";
import { refusalCodesOf } from "@/lib/openapi/error-codes";
import type { Operation } from "@/lib/openapi/operation";
import { USER_OPERATIONS } from "@/lib/openapi/user-operations";
import { orderSchema } from "@/lib/trading/order-input";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { handlerInputs, type SchemaRef } from "../support/route-schemas";
import { registerUser } from "../support/users";

const db = withTestDatabase();

const ACCESS_OF_WRAPPER: Record<string, Operation["access"]> = {
  withUser: "user",
  withSession: "session",
  withAdmin: "admin",
  route: "public",
  none: "public",
};

/** The object the route file's import names: the one its handler validates with. */
async function handlerSchema(ref: SchemaRef | undefined): Promise<unknown> {
  if (!ref) return undefined;
  if (!ref.module.startsWith("@/lib/"))
    throw new Error(`${ref.name} is not imported from lib/: the document can only name exported schemas`);
  const mod = (await import(/* @vite-ignore */ ref.module)) as Record<string, unknown>;
  expect(mod[ref.name], `${ref.module} exports ${ref.name}`).toBeDefined();
  return mod[ref.name];
}

const documentOf = (text: string) =>
  JSON.parse(text) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: { Error: { properties: { code: { enum: string[] } } } } };
  };

describe("the OpenAPI registry", () => {
  const inputs = handlerInputs();
  const all = [...USER_OPERATIONS, ...ADMIN_OPERATIONS];
  const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;

  it("has one entry for every route file's method and none for a route that does not exist", () => {
    expect(inputs.length).toBeGreaterThan(100);
    const routes = inputs.map(key).sort();
    expect(all.map(key).sort()).toEqual(routes);
  });

  it("names the very schema objects the handlers validate with, and how they take an Idempotency-Key", async () => {
    for (const input of inputs) {
      const op = all.find((o) => key(o) === key(input))!;
      const what = `${key(input)} (${input.file})`;
      expect(op.body, `${what}: body`).toBe(await handlerSchema(input.body));
      expect(op.query, `${what}: query`).toBe(await handlerSchema(input.query));
      expect(op.form?.fields, `${what}: form fields`).toBe(await handlerSchema(input.form));
      expect(op.answer, `${what}: answer`).toBe(await handlerSchema(input.answer));
      expect(op.idempotency, `${what}: Idempotency-Key`).toBe(input.idempotency);
      expect(op.access, `${what}: who may call (${input.wrapper})`).toBe(ACCESS_OF_WRAPPER[input.wrapper]);
      const source = readFileSync(input.file, "utf8");
      for (const file of op.form?.files ?? []) expect(source, `${what}: file field ${file}`).toContain(`"${file}"`);
      if (op.file) expect(source, `${what}: answers ${op.file}`).toContain(`"Content-Type": "${op.file}`);
    }
  });

  it("puts the administrators' routes in the admin document only", () => {
    expect(USER_OPERATIONS.filter((o) => o.access === "admin").map(key)).toEqual([]);
    expect(ADMIN_OPERATIONS.filter((o) => o.access !== "admin").map(key)).toEqual([]);
  });
});

describe("the OpenAPI documents", () => {
  it("are valid OpenAPI 3.1", async () => {
    for (const text of [userApiDocument(), adminApiDocument()]) {
      const result = await new Validator().validate(JSON.parse(text));
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);
    }
  });

  it("describe the order route with the handler's schema, its key scope and the Idempotency-Key", () => {
    const post = documentOf(userApiDocument()).paths["/api/trades"]!.post!;
    const schema = (
      post.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
    ).content["application/json"]!.schema;
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(orderSchema.shape).sort());
    expect(schema.properties.side).toEqual({ type: "string", enum: ["buy", "sell"] });
    expect(post["x-aurum-key-scope"]).toBe("trade");
    expect(post.security).toEqual([{ session: [] }, { apiKey: [], apiTimestamp: [], apiSignature: [] }]);
    expect(post.parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", required: false }));
  });

  it("mark path ids, queries, required keys, sessions-only and public routes", () => {
    const { paths } = documentOf(userApiDocument());
    const cancel = paths["/api/trades/{id}"]!.delete!;
    expect(cancel.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path", required: true }));
    expect(paths["/api/xaut/kline"]!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: "interval", in: "query" }),
    );
    expect(paths["/api/strategies/{id}/accept"]!.post!.parameters).toContainEqual(
      expect.objectContaining({ name: "Idempotency-Key", required: true }),
    );
    // Withdrawals are never open to a key: a session only.
    expect(paths["/api/withdrawals"]!.post!.security).toEqual([{ session: [] }]);
    expect(paths["/api/auth/login"]!.post!.security).toEqual([]);
    const deposit = paths["/api/deposits"]!.post!.requestBody as {
      content: Record<string, { schema: { required: string[] } }>;
    };
    expect(deposit.content["multipart/form-data"]!.schema.required).toContain("proof");
  });

  it("list, per operation, the codes it can refuse with: known codes, its own rules' among them", () => {
    for (const [text, operations] of [
      [userApiDocument(), USER_OPERATIONS],
      [adminApiDocument(), ADMIN_OPERATIONS],
    ] as const) {
      const { paths } = documentOf(text);
      for (const op of operations) {
        const codes = refusalCodesOf(op);
        expect(ERROR_CODES, `${op.method} ${op.path}`).toEqual(expect.arrayContaining(codes));
        expect(codes).toEqual(expect.arrayContaining([...(op.errors ?? [])]));
        const refused = paths[op.path]![op.method.toLowerCase()]!.responses as Record<
          string,
          { content: Record<string, { schema: { allOf: { properties?: { code: { enum: string[] } } }[] } }> }
        >;
        expect(refused["4XX"]!.content["application/json"]!.schema.allOf[1]!.properties!.code.enum).toEqual(codes);
      }
    }
    const order = refusalCodesOf(USER_OPERATIONS.find((o) => o.method === "POST" && o.path === "/api/trades")!);
    expect(order).toEqual(expect.arrayContaining(["INSUFFICIENT_FUNDS", "API_KEY_SCOPE", "IDEMPOTENCY_KEY_REUSED"]));
    const withdrawal = refusalCodesOf(
      USER_OPERATIONS.find((o) => o.method === "POST" && o.path === "/api/withdrawals")!,
    );
    expect(withdrawal).toContain("API_KEY_ROUTE_CLOSED");
    expect(withdrawal).not.toContain("API_KEY_SCOPE");
  });

  it("describe the answers of the routes that name their schema, and the others as a success envelope", () => {
    const { paths } = documentOf(userApiDocument());
    const answer = (path: string, method: string) =>
      (
        paths[path]![method]!.responses as Record<
          string,
          { content: Record<string, { schema: Record<string, unknown> }> }
        >
      )["2XX"]!.content["application/json"]!.schema;
    const placed = answer("/api/trades", "post") as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(Object.keys(placed.properties).sort()).toEqual(["balances", "message", "order", "orders", "success"]);
    expect(placed.additionalProperties).toBe(false);
    expect(answer("/api/user/password", "post")).toEqual({ $ref: "#/components/schemas/Success" });
    const csv = paths["/api/records/export"]!.get!.responses as Record<string, { content: Record<string, unknown> }>;
    expect(Object.keys(csv["2XX"]!.content)).toEqual(["text/csv"]);
  });

  it("publish every error code in the error envelope and no admin route in the user document", () => {
    const user = documentOf(userApiDocument());
    expect(user.components.schemas.Error.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(Object.keys(user.paths).filter((p) => p.startsWith("/api/admin"))).toEqual([]);
    expect(user.paths["/api/settings/config"]!.put).toBeUndefined();
    expect(documentOf(adminApiDocument()).paths["/api/settings/config"]!.put).toBeDefined();
  });
});

describe("GET /api/openapi.json and /api/admin/openapi.json", () => {
  it("serve the user document to anyone, cached, with an ETag that answers 304", async () => {
    const res = await call(userDocumentRoute);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(userApiDocument()));
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const again = await userDocumentRoute(
      new Request("http://localhost/api/openapi.json", { headers: { "if-none-match": `W/${etag}` } }),
      { params: Promise.resolve({}) },
    );
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await userDocumentRoute(
      new Request("http://localhost/api/openapi.json", { headers: { "if-none-match": '"other"' } }),
      { params: Promise.resolve({}) },
    );
    expect(other.status).toBe(200);
  });

  it("serve the admin document to administrators only", async () => {
    expect((await call(adminDocumentRoute)).status).toBe(401);
    const { token } = await registerUser();
    expect((await call(adminDocumentRoute, { token })).status).toBe(403);
    const admin = await signInAdmin(db());
    const res = await call(adminDocumentRoute, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(adminApiDocument()));
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("etag")).toMatch(/^"[\w-]{43}"$/);
  });
});
