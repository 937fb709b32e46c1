import { isUuid } from "@/lib/core/ids";

export const API_KEY_SCOPES = ["read", "trade"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

interface KeyRoute {
  scope: ApiKeyScope;
  /** Counts toward the key's orders-per-second limit as well as its requests per minute. */
  order?: true;
}

/**
 * Everything an API key can reach, by method and path: any route not listed here is closed to keys,
 * so a route added tomorrow stays closed until someone decides it belongs here. `read` reaches what
 * a user reads about their own trading and money; `trade` places and cancels orders. Withdrawals,
 * deposits, passwords, two-factor, keys, sessions, the profile's security settings, support and
 * admin routes are left out on purpose: a key that leaks can trade, never take money out or lock
 * the owner out. `[id]` matches a UUID only, so it never stands for a static segment of another route.
 */
export const KEY_ROUTES: Readonly<Record<string, KeyRoute>> = {
  "GET /api/auth/profile": { scope: "read" },
  "GET /api/auth/balance": { scope: "read" },
  "GET /api/xaut/ticker": { scope: "read" },
  "GET /api/xaut/kline": { scope: "read" },
  "GET /api/trades/trade-settings": { scope: "read" },
  "GET /api/trades/user": { scope: "read" },
  "GET /api/records": { scope: "read" },
  "GET /api/records/transactions": { scope: "read" },
  "GET /api/records/export": { scope: "read" },
  "GET /api/savings": { scope: "read" },
  "GET /api/savings/user": { scope: "read" },
  "GET /api/storage": { scope: "read" },
  "GET /api/strategies": { scope: "read" },
  "GET /api/strategies/[id]": { scope: "read" },
  "GET /api/notifications": { scope: "read" },
  "POST /api/trades": { scope: "trade", order: true },
  "DELETE /api/trades/[id]": { scope: "trade" },
};

const compiled = Object.entries(KEY_ROUTES).map(([name, route]) => {
  const [method, path] = name.split(" ") as [string, string];
  return { method, segments: path.split("/"), route };
});

/** The listed route a request's method and path reach, or null when keys may not reach it. */
export function keyRouteFor(method: string, pathname: string): KeyRoute | null {
  const segments = pathname.split("/");
  for (const entry of compiled) {
    if (entry.method !== method || entry.segments.length !== segments.length) continue;
    if (entry.segments.every((s, i) => (s === "[id]" ? isUuid(segments[i]!) : s === segments[i]))) return entry.route;
  }
  return null;
}
