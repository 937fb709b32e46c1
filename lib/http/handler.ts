import { NextResponse } from "next/server";
import type { ZodType } from "zod";
import { getDb, type Db } from "@/db/client";
import type { User } from "@/db/schema";
import { authenticateSignedRequest, isSignedRequest, type KeyCaller } from "@/lib/api-keys/signed-request";
import { isTransientConflict } from "@/db/transaction";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { authenticateRequest, type Authenticated } from "@/lib/auth/sessions";
import { authenticatesByCookie } from "@/lib/auth/token";
import { hasTwoFactor } from "@/lib/auth/two-factor/verify";
import { isUuid } from "@/lib/core/ids";
import { log } from "@/lib/core/log";
import { currentRequest } from "@/lib/core/request-context";
import { readJson } from "@/lib/core/body";
import { CLIENT_IP_HEADER } from "./incoming";
import { assertCookieWrite, assertWriteOrigin } from "./csrf";
import { AppError, forbidden, notFound, unauthorized, type ErrorCode } from "@/lib/core/errors";
import { validate } from "@/lib/core/validate";

type Params = Record<string, string>;

/** A database restart or failover takes seconds: a client comes back after this long. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
/** A conflict between two requests is over when the other one commits. */
const CONFLICT_RETRY_AFTER_SECONDS = 1;
type Context<P> = { params: Promise<P> };

export function errorResponse(err: unknown): NextResponse {
  if (err instanceof AppError) {
    return NextResponse.json(
      { success: false, message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) },
      { status: err.status, headers: err.headers },
    );
  }
  if (isDatabaseUnavailable(err)) {
    log.warn(
      {
        requestId: currentRequest()?.requestId,
        cause: err instanceof Error ? (err.cause ?? err).toString() : String(err),
      },
      "database unavailable: answered 503",
    );
    return NextResponse.json(
      {
        success: false,
        message: "Aurum is briefly unavailable. Please try again in a moment.",
        code: "SERVICE_UNAVAILABLE" satisfies ErrorCode,
      },
      { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } },
    );
  }
  // A deadlock or serialization conflict that outlasted runTransaction's retries (or hit a statement
  // outside one): the request wrote nothing and may be sent again (with its Idempotency-Key), so the
  // caller is told to, not that something broke. Still an error in the log: a deadlock is a lock-order
  // bug to find (docs/TESTING.md's race tests expect none).
  if (isTransientConflict(err)) {
    log.error(
      { err, requestId: currentRequest()?.requestId },
      "transaction aborted for a deadlock or serialization conflict: answered 503",
    );
    return NextResponse.json(
      {
        success: false,
        message: "This could not be done just now because of another change at the same moment. Please try again.",
        code: "TRY_AGAIN" satisfies ErrorCode,
      },
      { status: 503, headers: { "Retry-After": String(CONFLICT_RETRY_AFTER_SECONDS) } },
    );
  }
  // Unknown failures are logged with their cause, and the client learns nothing about internals.
  log.error({ err, requestId: currentRequest()?.requestId }, "unhandled error in a route handler");
  return NextResponse.json(
    { success: false, message: "Something went wrong. Please try again.", code: "INTERNAL" satisfies ErrorCode },
    { status: 500 },
  );
}

// Next's compression threshold: below it gzip saves no packet and costs the header's bytes.
const COMPRESS_FROM_BYTES = 1024;

/**
 * A short JSON answer marked `no-transform`, so Next's compression leaves it as it is. Next drops a
 * route's Content-Length and then gzips every answer whose length it does not know, however short:
 * a 30-byte answer went out as 50 bytes of gzip, and compressing took 6–8 % of the server's CPU
 * (docs/BENCHMARKS.md). A longer answer is still compressed.
 */
async function shortUncompressed(res: Response): Promise<Response> {
  if (!res.body || !res.headers.get("content-type")?.startsWith("application/json")) return res;
  const body = await res.arrayBuffer();
  const answer = new NextResponse(body, res);
  if (body.byteLength < COMPRESS_FROM_BYTES) {
    const cacheControl = answer.headers.get("cache-control");
    answer.headers.set("cache-control", cacheControl ? `${cacheControl}, no-transform` : "no-transform");
  }
  return answer;
}

/**
 * Wraps a handler so every thrown error becomes the JSON error shape of the API, after refusing a
 * write that a page of another origin made the browser send.
 */
export function route<P extends Params = Params>(fn: (req: Request, params: P) => Promise<Response>) {
  return async (req: Request, ctx: Context<P>): Promise<Response> => {
    let res: Response;
    try {
      assertWriteOrigin(req);
      res = await fn(req, ctx ? await ctx.params : ({} as P));
    } catch (err) {
      res = errorResponse(err);
    }
    return shortUncompressed(res);
  };
}

/** Who is calling: a signed-in session, or a program with an API key (which has no session). */
export type Caller = (Authenticated & { apiKey: null }) | { user: User; session: null; apiKey: KeyCaller["apiKey"] };

interface Call<P, A = Caller> {
  req: Request;
  params: P;
  db: Db;
  auth: A;
}

/**
 * A handler for a signed-in caller (Bearer token or session cookie, checked against the session
 * row), or a program's signed request with an API key (lib/api-keys: reaches only the routes its
 * allow-list names for the key's scopes).
 */
export function withUser<P extends Params = Params>(fn: (call: Call<P>) => Promise<Response>) {
  return route<P>(async (req, params) => {
    const db = await getDb();
    let call: Call<P>;
    if (isSignedRequest(req)) {
      const signed = await authenticateSignedRequest(db, req, clientIp(req));
      call = { req: signed.req, params, db, auth: { ...signed.caller, session: null } };
    } else {
      const auth = await authenticateRequest(db, req);
      if (!auth) throw unauthorized();
      if (authenticatesByCookie(req)) assertCookieWrite(req);
      call = { req, params, db, auth: { ...auth, apiKey: null } };
    }
    const context = currentRequest();
    if (context) context.userId = call.auth.user.id;
    const res = await fn(call);
    // A signed-in answer is this user's alone: no browser or shared cache may keep it.
    if (!res.headers.has("cache-control")) res.headers.set("Cache-Control", "no-store");
    return res;
  });
}

/**
 * A handler that needs the caller's session (signing out, listing or ending sessions, a new
 * password). API keys never reach these routes (lib/api-keys/routes lists none of them); the check
 * here also gives the handler its session's type.
 */
export function withSession<P extends Params = Params>(fn: (call: Call<P, Authenticated>) => Promise<Response>) {
  return withUser<P>(async ({ auth, ...call }) => {
    if (!auth.session)
      throw forbidden("API keys cannot reach this route: sign in on the site for it", "API_KEY_ROUTE_CLOSED");
    return fn({ ...call, auth });
  });
}

/**
 * A handler for administrators only; the role is checked here, whatever proxy.ts did. An
 * administrator's password alone opens nothing: without two-factor sign-in on, whoever learnt it (or
 * reset it) would be a second pair of eyes, so every admin call waits until it is set up.
 */
export function withAdmin<P extends Params = Params>(fn: (call: Call<P>) => Promise<Response>) {
  return withUser<P>(async (call) => {
    if (call.auth.user.role !== "admin") throw forbidden("Administrators only");
    if (!(await hasTwoFactor(call.db, call.auth.user.id)))
      throw forbidden(ADMIN_TWO_FACTOR_MESSAGE, "ADMIN_TWO_FACTOR_REQUIRED");
    return fn(call);
  });
}

export const ADMIN_TWO_FACTOR_MESSAGE =
  "Administrators sign in with a second factor: turn on two-factor sign-in (open /admin) before anything else.";

/** The JSON body, capped while it streams in, validated by `schema`. */
export async function parseBody<T>(req: Request, schema: ZodType<T>): Promise<T> {
  return validate(schema, await readJson(req));
}

/** The caller's address as server.ts recorded it (it overwrites any client-sent value). */
export function clientIp(req: Request): string {
  return req.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

export function requestMeta(req: Request) {
  return { ip: clientIp(req), userAgent: req.headers.get("user-agent")?.slice(0, 512) ?? null };
}

/** A path id that is not a UUID names nothing: 404, before it reaches the database. */
export function uuidParam(value: string | undefined, what = "Not found"): string {
  if (!value || !isUuid(value)) throw notFound(what);
  return value.toLowerCase();
}
