/**
 * A small typed client for Aurum's API with an API key: it signs every request as the server checks
 * it (README, "API keys"). Standalone on purpose (Node 20's fetch and node:crypto only), so it can be
 * copied into a program as it is. The tests drive the API through it.
 *
 *   const aurum = new AurumClient({ baseUrl: "https://gold.example.com", keyId, secret });
 *   const { body } = await aurum.placeOrder({ side: "buy", type: "market", total: "100" }, "my-order-1");
 */
import { createHmac } from "node:crypto";

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { success: boolean; message?: string; code?: string };
  headers: Headers;
}

export interface Order {
  side: "buy" | "sell";
  type: "market" | "limit";
  /** XAUT, as a decimal string ("0.25"); or `total` (USDT) for a market buy. */
  quantity?: string;
  total?: string;
  /** USDT per XAUT, for a limit order. */
  price?: string;
}

export interface ClientOptions {
  baseUrl: string;
  keyId: string;
  secret: string;
  /** Defaults to the global fetch; a test passes its own. */
  fetch?: (req: Request) => Promise<Response>;
  /** Unix milliseconds; defaults to Date.now. */
  now?: () => number;
}

/** The signature: lowercase hex HMAC-SHA256, keyed by the secret, of timestamp + method + path + query + body. */
export function signature(
  secret: string,
  timestamp: string,
  method: string,
  pathAndQuery: string,
  body: string,
): string {
  return createHmac("sha256", secret)
    .update(`${timestamp}${method.toUpperCase()}${pathAndQuery}${body}`, "utf8")
    .digest("hex");
}

export class AurumClient {
  private last = 0;

  constructor(private readonly options: ClientOptions) {}

  /**
   * A timestamp later than the one before: the server refuses a signature it has seen, so two
   * identical requests in one millisecond (a retry with the same Idempotency-Key) must differ.
   */
  private timestamp(): string {
    this.last = Math.max((this.options.now ?? Date.now)(), this.last + 1);
    return String(this.last);
  }

  /** The three headers that sign `method pathAndQuery` with `body`. */
  sign(method: string, pathAndQuery: string, body = ""): Record<string, string> {
    const timestamp = this.timestamp();
    return {
      "X-Aurum-Key": this.options.keyId,
      "X-Aurum-Timestamp": timestamp,
      "X-Aurum-Signature": signature(this.options.secret, timestamp, method, pathAndQuery, body),
    };
  }

  async request<T = Record<string, unknown>>(
    method: string,
    pathAndQuery: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<Answer<T>> {
    const body = options.body === undefined ? "" : JSON.stringify(options.body);
    const headers: Record<string, string> = { ...this.sign(method, pathAndQuery, body) };
    if (body) headers["Content-Type"] = "application/json";
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    const req = new Request(new URL(pathAndQuery, this.options.baseUrl), { method, headers, body: body || undefined });
    const res = await (this.options.fetch ?? fetch)(req);
    // The records export answers CSV: its text comes as `body.text`.
    const answer = res.headers.get("content-type")?.includes("application/json")
      ? await res.json()
      : { success: res.ok, text: await res.text() };
    return { status: res.status, body: answer as Answer<T>["body"], headers: res.headers };
  }

  balance() {
    return this.request("GET", "/api/auth/balance");
  }

  orders(query = "") {
    return this.request("GET", `/api/trades/user${query}`);
  }

  /** With an Idempotency-Key, sending it again (after a timeout, say) places it once. */
  placeOrder(order: Order, idempotencyKey?: string) {
    return this.request<{ order: { id: string; status: string } }>("POST", "/api/trades", {
      body: order,
      idempotencyKey,
    });
  }

  cancelOrder(id: string, idempotencyKey?: string) {
    return this.request("DELETE", `/api/trades/${id}`, { idempotencyKey });
  }
}
