import { NextResponse } from "next/server";
import type { ZodType } from "zod";
import { getDb, type Db } from "@/db/client";
import { authenticateRequest, type Authenticated } from "@/lib/auth/sessions";
import { isUuid } from "@/lib/ids";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "./errors";
import { validate } from "./validate";

type Params = Record<string, string>;
type Context<P> = { params: Promise<P> };

const MAX_BODY_BYTES = 64 * 1024;

export function errorResponse(err: unknown): NextResponse {
  if (err instanceof AppError) {
    return NextResponse.json(
      { success: false, message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) },
      { status: err.status, headers: err.headers },
    );
  }
  // Unknown failures are logged with their cause, and the client learns nothing about internals.
  console.error(err);
  return NextResponse.json(
    { success: false, message: "Something went wrong. Please try again.", code: "INTERNAL" },
    { status: 500 },
  );
}

/** Wraps a handler so every thrown error becomes the JSON error shape of the API. */
export function route<P extends Params = Params>(fn: (req: Request, params: P) => Promise<Response>) {
  return async (req: Request, ctx: Context<P>): Promise<Response> => {
    try {
      return await fn(req, ctx ? await ctx.params : ({} as P));
    } catch (err) {
      return errorResponse(err);
    }
  };
}

interface Call<P> {
  req: Request;
  params: P;
  db: Db;
  auth: Authenticated;
}

/** A handler for a signed-in caller (Bearer token or session cookie, checked against the session row). */
export function withUser<P extends Params = Params>(fn: (call: Call<P>) => Promise<Response>) {
  return route<P>(async (req, params) => {
    const db = await getDb();
    const auth = await authenticateRequest(db, req);
    if (!auth) throw unauthorized();
    return fn({ req, params, db, auth });
  });
}

/** A handler for administrators only; the role is checked here, whatever proxy.ts did. */
export function withAdmin<P extends Params = Params>(fn: (call: Call<P>) => Promise<Response>) {
  return withUser<P>(async (call) => {
    if (call.auth.user.role !== "admin") throw forbidden("Administrators only");
    return fn(call);
  });
}

export async function parseBody<T>(req: Request, schema: ZodType<T>): Promise<T> {
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new AppError(413, "BODY_TOO_LARGE", "The request body is too large");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest("The request body must be valid JSON", undefined, "INVALID_JSON");
  }
  return validate(schema, raw);
}

/** The caller's address as server.ts recorded it (it overwrites any client-sent value). */
export function clientIp(req: Request): string {
  return req.headers.get("x-aurum-client-ip") ?? "unknown";
}

export function requestMeta(req: Request) {
  return { ip: clientIp(req), userAgent: req.headers.get("user-agent")?.slice(0, 512) ?? null };
}

/** A path id that is not a UUID names nothing: 404, before it reaches the database. */
export function uuidParam(value: string | undefined, what = "Not found"): string {
  if (!value || !isUuid(value)) throw notFound(what);
  return value.toLowerCase();
}
