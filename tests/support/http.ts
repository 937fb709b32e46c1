type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

export interface CallOptions<P = Record<string, string>> {
  method?: string;
  body?: unknown;
  /** A raw body, sent as is (for malformed JSON). */
  rawBody?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  params?: P;
  path?: string;
  ip?: string;
}

export interface CallResult {
  status: number;
  body: Record<string, unknown> & { success: boolean; message?: string; code?: string };
  headers: Headers;
}

/** Calls a route handler the way Next does, with a real Request. */
export async function call<P extends Record<string, string>>(
  handler: Handler<P>,
  options: CallOptions<P> = {},
): Promise<CallResult> {
  const headers = new Headers(options.headers);
  headers.set("x-aurum-client-ip", options.ip ?? "127.0.0.1");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const req = new Request(`http://localhost${options.path ?? "/"}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? ({} as P)) });
  return { status: res.status, body: (await res.json()) as CallResult["body"], headers: res.headers };
}
