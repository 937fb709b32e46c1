import type { Metadata } from "next";
import Link from "next/link";
import { Bullets, InfoPage, InfoSection, textLink } from "@/components/info-page";
import { Reference } from "./reference";

export const metadata: Metadata = { title: "API reference" };

const BASE = "https://gold.example.com";

const CURL_SESSION = `# Sign in (with two-factor on, the answer asks for a code: POST /api/auth/login/2fa)
curl -sS ${BASE}/api/auth/login -H 'Content-Type: application/json' \\
  --data '{"usernameOrEmail":"alice","password":"…"}'
# Then send the token it answers
curl -sS ${BASE}/api/auth/balance -H "Authorization: Bearer $TOKEN"`;

const CURL_SIGNED = `KEY='…'      # the key's id, shown in Profile › API keys
SECRET='…'   # shown once, when the key was made
BODY='{"side":"buy","type":"market","total":"100"}'
TS=$(date +%s%3N)   # Unix milliseconds (GNU date; on macOS: gdate)
SIG=$(printf '%s' "\${TS}POST/api/trades\${BODY}" \\
  | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')
curl -sS ${BASE}/api/trades \\
  -H "X-Aurum-Key: $KEY" -H "X-Aurum-Timestamp: $TS" -H "X-Aurum-Signature: $SIG" \\
  -H 'Idempotency-Key: my-order-1' -H 'Content-Type: application/json' \\
  --data "$BODY"`;

const CURL_GET = `TS=$(date +%s%3N)
SIG=$(printf '%s' "\${TS}GET/api/trades/user?status=open" \\
  | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')
curl -sS "${BASE}/api/trades/user?status=open" \\
  -H "X-Aurum-Key: $KEY" -H "X-Aurum-Timestamp: $TS" -H "X-Aurum-Signature: $SIG"`;

const TYPESCRIPT = `// examples/aurum-client.ts from Aurum's repository: Node 20's fetch and node:crypto only.
import { AurumClient } from "./aurum-client";

const aurum = new AurumClient({
  baseUrl: "${BASE}",
  keyId: process.env.AURUM_KEY_ID!,
  secret: process.env.AURUM_KEY_SECRET!,
});

const balance = await aurum.balance();
console.log(balance.status, balance.body);

// The same Idempotency-Key sent again (after a timeout, say) places the order once.
const placed = await aurum.placeOrder({ side: "buy", type: "market", total: "100" }, "my-order-1");
if (placed.status !== 201) throw new Error(\`\${placed.body.code}: \${placed.body.message}\`);
console.log(placed.body.order.id, placed.body.order.status);`;

const TYPESCRIPT_SIGN = `import { createHmac } from "node:crypto";

const timestamp = String(Date.now());
const signature = createHmac("sha256", secret)
  .update(timestamp + method + pathAndQuery + body, "utf8")
  .digest("hex");`;

function Code({ label, children }: { label: string; children: string }) {
  return (
    // Focusable, so a keyboard can scroll a long line into view.
    <pre
      tabIndex={0}
      aria-label={label}
      className="overflow-x-auto rounded-xl border border-line bg-panel p-4 font-mono text-[0.8rem] leading-relaxed text-zinc-100"
    >
      <code>{children}</code>
    </pre>
  );
}

const code = "rounded bg-raised px-1 py-0.5 font-mono text-[0.85em] text-gold-soft";

export default function ApiDocsPage() {
  return (
    <InfoPage
      path="/api-docs"
      title="API reference"
      wide
      appendix={<Reference />}
      lead={
        <p>
          Everything the app does goes through one JSON API, and programs may use it too: read prices, balances and
          orders, and place and cancel orders, with an API key that can never withdraw. The reference below is generated
          from the checks the server runs; the document itself is at{" "}
          <a href="/api/openapi.json" className={textLink}>
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1).
        </p>
      }
    >
      <InfoSection title="Two ways in">
        <Bullets>
          <li>
            <strong className="text-zinc-50">An API key</strong>, for programs. Make one in{" "}
            <Link href="/api-keys" className={textLink}>
              Profile › API keys
            </Link>{" "}
            (two-factor sign-in required) with the scopes it needs: <code className={code}>read</code> (prices,
            balances, orders, records) and <code className={code}>trade</code> (place and cancel orders). No key reaches
            withdrawals, deposits, passwords, two-factor, keys, sessions, support or administration. A key may be
            limited to a list of client addresses and expires (90 days unless you choose).
          </li>
          <li>
            <strong className="text-zinc-50">A session token</strong>, as the site uses:{" "}
            <code className={code}>POST /api/auth/login</code> answers it, and every call sends it as{" "}
            <code className={code}>Authorization: Bearer …</code>. It reaches everything the signed-in user can do.
          </li>
        </Bullets>
        <Code label="Example: a session token with curl">{CURL_SESSION}</Code>
      </InfoSection>

      <InfoSection title="Signing a request with an API key">
        <p>Every request with a key carries three headers:</p>
        <Bullets>
          <li>
            <code className={code}>X-Aurum-Key</code>: the key&apos;s id;
          </li>
          <li>
            <code className={code}>X-Aurum-Timestamp</code>: the time in Unix milliseconds, within 5 seconds either side
            of the server&apos;s clock;
          </li>
          <li>
            <code className={code}>X-Aurum-Signature</code>: HMAC-SHA256, keyed by the key&apos;s secret, of the
            timestamp, the method in capitals, the path, the query with its <code className={code}>?</code> (nothing
            when there is none) and the body exactly as sent, joined with nothing between them; written as 64 lowercase
            hex digits.
          </li>
        </Bullets>
        <Code label="Computing the signature in TypeScript">{TYPESCRIPT_SIGN}</Code>
        <p>
          A signature is good once: the same one sent again inside the window is refused (
          <code className={code}>API_SIGNATURE_REPLAYED</code>), so a retry is signed afresh. A refused request answers
          401 or 403 with a precise <code className={code}>code</code>: an unknown, revoked or expired key, a wrong
          signature, a timestamp outside the window, a scope or an address the key does not have. Each key has its own
          limits (requests a minute, orders a second): past them the answer is 429 with{" "}
          <code className={code}>Retry-After</code>.
        </p>
      </InfoSection>

      <InfoSection title="Idempotency-Key">
        <p>
          Placing and cancelling orders, and the other calls that move money, take an{" "}
          <code className={code}>Idempotency-Key</code> header (up to 128 characters). Sent again with the same key and
          the same request, by a key or a session, the call is done once and its first answer is repeated: a program
          that timed out can simply send it again. The reference marks the calls that take one, and the few that require
          it.
        </p>
      </InfoSection>

      <InfoSection title="Examples">
        <Code label="Example: placing an order with curl and a signed request">{CURL_SIGNED}</Code>
        <Code label="Example: reading open orders with curl and a signed request">{CURL_GET}</Code>
        <Code label="Example: the TypeScript client">{TYPESCRIPT}</Code>
        <p>
          Every answer is JSON with <code className={code}>success</code>. A refusal also has a{" "}
          <code className={code}>message</code> for a person, a <code className={code}>code</code> for a program (the
          reference lists them all under the error envelope) and, for bad input, each field&apos;s messages in{" "}
          <code className={code}>errors</code>. Amounts are decimal strings, never numbers.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
