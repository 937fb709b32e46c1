import { z, type ZodType } from "zod";
import { KEY_ROUTES } from "@/lib/api-keys/routes";
import { ERROR_CODES } from "@/lib/core/errors";
import { FAILURE_CODES, refusalCodesOf } from "./error-codes";
import type { Operation } from "./operation";

type Json = Record<string, unknown>;

/**
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what a client sends (the input side of transforms)
 * or of what it is answered (`output`: an answer's objects hold no other field).
 */
function jsonSchema(schema: ZodType, io: "input" | "output" = "input"): Json {
  // A refinement or transform has no JSON Schema: it is left out, and the API still enforces it.
  const converted = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Json;
  // The dialect is the document's (jsonSchemaDialect), not each schema's.
  delete converted.$schema;
  return converted;
}

const ERROR_ENVELOPE: Json = {
  type: "object",
  description:
    "Every refusal and failure: a sentence for a person, a code for a program, and with bad input the message of each field.",
  properties: {
    success: { const: false },
    message: { type: "string" },
    code: { type: "string", enum: [...ERROR_CODES] },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
  required: ["success", "message", "code"],
};

const SUCCESS_ENVELOPE: Json = {
  type: "object",
  description: "`success: true`, a `message` after a change, and the resource the operation names.",
  properties: { success: { const: true }, message: { type: "string" } },
  required: ["success"],
  additionalProperties: true,
};

const SECURITY_SCHEMES: Json = {
  session: {
    type: "http",
    scheme: "bearer",
    description: "The session token that `POST /api/auth/login` answers (the site's pages send it as a cookie).",
  },
  apiKey: { type: "apiKey", in: "header", name: "X-Aurum-Key", description: "An API key's id." },
  apiTimestamp: {
    type: "apiKey",
    in: "header",
    name: "X-Aurum-Timestamp",
    description: "Unix milliseconds; within ± 5 s of the server's clock.",
  },
  apiSignature: {
    type: "apiKey",
    in: "header",
    name: "X-Aurum-Signature",
    description: "Lowercase hex HMAC-SHA256, keyed by the key's secret, of timestamp + method + path + query + body.",
  },
};

const keyRouteOf = (op: Operation) => KEY_ROUTES[`${op.method} ${op.path.replace(/\{(\w+)\}/g, "[$1]")}`];

function security(op: Operation): Json[] {
  if (op.access === "public") return [];
  const session = { session: [] };
  return keyRouteOf(op) ? [session, { apiKey: [], apiTimestamp: [], apiSignature: [] }] : [session];
}

function parameters(op: Operation): Json[] {
  const params: Json[] = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string", format: "uuid" },
  }));
  if (op.query) {
    const schema = jsonSchema(op.query);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((schema.properties as Json | undefined) ?? {}))
      params.push({ name, in: "query", required: required.has(name), schema: property });
  }
  if (op.idempotency)
    params.push({
      name: "Idempotency-Key",
      in: "header",
      required: op.idempotency === "required",
      description: "Sent again with the same key, the request is done once and its first answer repeated.",
      schema: { type: "string", maxLength: 128 },
    });
  return params;
}

function requestBody(op: Operation): Json | undefined {
  if (op.body) return { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } };
  if (!op.form) return undefined;
  const fields = op.form.fields ? jsonSchema(op.form.fields) : { type: "object", properties: {} };
  const files = Object.fromEntries(
    op.form.files.map((name) => [name, { type: "string", contentMediaType: "image/*" }]),
  );
  const schema = {
    ...fields,
    properties: { ...(fields.properties as Json), ...files },
    required: [...((fields.required as string[] | undefined) ?? []), ...op.form.files],
  };
  return { required: true, content: { "multipart/form-data": { schema } } };
}

const operationId = (op: Operation) =>
  op.method.toLowerCase() +
  op.path
    .split(/[/{}.-]+/)
    .filter((s) => s && s !== "api")
    .map((s) => s[0]!.toUpperCase() + s.slice(1))
    .join("");

/** The tag a route is listed under: its first path segment (after /api/admin for the admin document). */
const tagOf = (op: Operation) => op.path.split("/")[op.path.startsWith("/api/admin/") ? 3 : 2]!.replace(/\.json$/, "");

function operationObject(op: Operation): Json {
  const keyRoute = keyRouteOf(op);
  const body = requestBody(op);
  return {
    operationId: operationId(op),
    summary: op.summary,
    tags: [tagOf(op)],
    security: security(op),
    ...(keyRoute && { "x-aurum-key-scope": keyRoute.scope }),
    parameters: parameters(op),
    ...(body && { requestBody: body }),
    responses: {
      "2XX": { description: "Done", content: answerContent(op) },
      "4XX": {
        description: REFUSED,
        content: { "application/json": { schema: errorWithCodes(refusalCodesOf(op)) } },
      },
      "5XX": { $ref: "#/components/responses/Failed" },
    },
  };
}

function answerContent(op: Operation): Json {
  if (op.file) return { [op.file]: { schema: { type: "string" } } };
  return {
    "application/json": {
      schema: op.answer ? jsonSchema(op.answer, "output") : { $ref: "#/components/schemas/Success" },
    },
  };
}

const REFUSED =
  "Refused: bad input (400), not signed in (401), not allowed (403), not found (404), a conflict (409), a rule (422), too many (429)";

/** The error envelope with the codes one response can carry. */
const errorWithCodes = (codes: readonly string[]): Json => ({
  allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { code: { enum: [...codes] } } }],
});

/** An OpenAPI 3.1 document of `operations`, every schema in it converted from the handlers' zod schemas. */
export function openApiDocument(info: { title: string; description: string }, operations: readonly Operation[]): Json {
  const paths: Record<string, Json> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  return {
    openapi: "3.1.0",
    info: { ...info, version: "1" },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { Error: ERROR_ENVELOPE, Success: SUCCESS_ENVELOPE },
      responses: {
        Failed: {
          description: "Briefly unavailable (503, with Retry-After) or an unexpected failure (500)",
          content: { "application/json": { schema: errorWithCodes(FAILURE_CODES) } },
        },
      },
    },
  };
}
