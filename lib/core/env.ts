import { z } from "zod";

/** Environment read once and validated, so a typo fails at start instead of at the first request. */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.string().min(1).optional(),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
    ADMIN_USERNAME: z.string().min(3).default("admin"),
    ADMIN_EMAIL: z.string().email().default("admin@aurum.local"),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    // Only behind a reverse proxy may X-Forwarded-For be believed.
    TRUST_PROXY: z
      .enum(["0", "1", "true", "false"])
      .default("0")
      .transform((v) => v === "1" || v === "true"),
    // Origins (scheme://host[:port]) whose pages may open a socket besides the site's own, comma-separated.
    ALLOWED_ORIGINS: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const item of value
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)) {
          const url = URL.canParse(item) ? new URL(item) : null;
          if (!url || url.origin === "null" || url.pathname !== "/" || url.search || url.hash || url.username) {
            ctx.addIssue({ code: "custom", message: `"${item}" is not an origin like https://example.com` });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
    // New accounts one address may open per hour: sign-up is free and each one costs an argon2 hash.
    REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
    // Deposits waiting for review that one user may have at once (each keeps a proof image of up to
    // 5 MB in the database), and deposits one address may submit per hour.
    DEPOSITS_PENDING_PER_USER: z.coerce.number().int().min(1).default(3),
    DEPOSITS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
    // Where prices come from: a simulated random walk (default) or an exchange's public REST API.
    PRICE_FEED: z.enum(["simulated", "exchange"]).default("simulated"),
    PRICE_FEED_URL: z.string().url().optional(),
    PRICE_FEED_SYMBOL: z.string().min(1).default("XAUTUSDT"),
    // With no tick for this long, the price is stale and trading halts until the feed recovers.
    PRICE_STALE_SECONDS: z.coerce.number().int().min(1).default(30),
    // The simulated feed: where its history ends and live prices start (USDT per XAUT), and its seed.
    PRICE_FEED_START: z
      .string()
      .regex(/^\d+(\.\d{1,6})?$/, "PRICE_FEED_START must be a price in USDT such as 4000 or 3987.25")
      .refine((v) => /[1-9]/.test(v), "PRICE_FEED_START must be greater than zero")
      .default("4000"),
    PRICE_FEED_SEED: z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(20_251_101),
    // After a password or email change withdrawals pause this long (a stolen account cannot be emptied at once).
    WITHDRAW_HOLD_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 30)
      .default(24),
    // GET /metrics (Prometheus) answers only to this Bearer token; unset, there is no /metrics.
    METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
    // Mail (password reset links): an SMTP server as smtp[s]://user:pass@host:port. Unset, messages
    // stay in the outbox table, which admins read at /admin/outbox.
    SMTP_URL: z
      .string()
      .refine(
        (u) => URL.canParse(u) && /^smtps?:$/.test(new URL(u).protocol),
        "SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465",
      )
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default("Aurum <no-reply@localhost>"),
    // The site's public origin (https://gold.example.com) for links in mail. Unset, a link uses the
    // host the request was sent to; set it in production so no Host header can choose where links point.
    SITE_URL: z
      .string()
      .refine(
        (u) =>
          URL.canParse(u) && /^https?:$/.test(new URL(u).protocol) && new URL(u).pathname === "/" && !new URL(u).search,
        "SITE_URL must be an origin like https://gold.example.com",
      )
      .transform((u) => new URL(u).origin)
      .optional(),
    // How long a proof-of-liabilities snapshot keeps its leaves (each user's balances) for users to
    // check; its root and totals stay for good. The database refuses to remove younger ones (30 days).
    PROOF_LEAVES_KEEP_DAYS: z.coerce.number().int().min(30).max(3650).default(90),
    // API keys (lib/api-keys): how far a signed request's timestamp may be from the server's clock, and
    // each key's own limits, apart from the browser's.
    API_KEY_WINDOW_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
    API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    API_KEY_ORDERS_PER_SECOND: z.coerce.number().int().min(1).default(10),
    // Web Push (lib/push): the VAPID key pair (base64url, as web-push generates them) that signs every
    // push, and the contact push services may write to. Unset, a pair is generated once into DATA_DIR;
    // several instances must share one pair, or a browser subscribed through one refuses the others' pushes.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters)")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)")
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .refine(
        (s) => URL.canParse(s) && /^(mailto|https):$/.test(new URL(s).protocol),
        "VAPID_SUBJECT must be a mailto: or https: URL",
      )
      .optional(),
    // Push endpoints that may be private or plain http (host[:port], comma-separated): a local push
    // service, the tests' one. Every other endpoint must be https to a public address.
    PUSH_ENDPOINT_ALLOW: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const hosts: string[] = [];
        for (const item of value
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean)) {
          const url = URL.canParse(`http://${item}`) ? new URL(`http://${item}`) : null;
          if (!url || url.host !== item) {
            ctx.addIssue({ code: "custom", message: `"${item}" is not a host[:port] like push.local:8080` });
            return z.NEVER;
          }
          hosts.push(url.host);
        }
        return hosts;
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // On SIGTERM, how long requests in flight may take to finish before their connections are cut.
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  })
  .refine((env) => !env.VAPID_PUBLIC_KEY === !env.VAPID_PRIVATE_KEY, {
    message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither, to generate a pair into DATA_DIR)",
    path: ["VAPID_PRIVATE_KEY"],
  })
  .refine((env) => env.PRICE_FEED !== "exchange" || env.PRICE_FEED_URL, {
    message: "PRICE_FEED_URL is required when PRICE_FEED=exchange",
    path: ["PRICE_FEED_URL"],
  });

export type Env = z.infer<typeof schema>;

// Parsing costs more than most requests' own work and readEnv() is called on hot paths, so the
// last result is kept for as long as the variables it was read from are the same.
let last: { source: NodeJS.ProcessEnv; key: string; env: Env } | undefined;
const KEYS = Object.keys(schema.shape);

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const key = KEYS.map((k) => source[k] ?? "\u0000").join("\u0001");
  if (last && last.source === source && last.key === key) return last.env;
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${details}`);
  }
  last = { source, key, env: parsed.data };
  return parsed.data;
}
