import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A push as the local push service received it: the decrypted payload and the VAPID claims, each checked. */
export interface ReceivedPush {
  path: string;
  payload: Record<string, unknown>;
  headers: IncomingMessage["headers"];
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/**
 * RFC 8291 read from the RFC, not from web-push: the body is RFC 8188's header (salt, record size,
 * the sender's public key) and one record; the keys come from the subscription's private key and
 * auth secret, which only the browser (here the test) holds.
 */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error("not one aes128gcm record with a P-256 key id");
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's padding: a 0x02 delimiter, then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the last record's padding delimiter is missing");
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by that key. Throws unless the signature holds. */
export function verifyVapid(authorization: string | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split(".") as [string, string, string];
  expectJson(header, { typ: "JWT", alg: "ES256" });
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = Buffer.from(`${header}.${claims}`);
  if (!verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url")))
    throw new Error("the VAPID signature does not verify with its key");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
  return { ...body, publicKey: k };
}

function expectJson(part: string, expected: Record<string, string>) {
  const parsed = JSON.parse(Buffer.from(part, "base64url").toString()) as Record<string, string>;
  for (const [k, v] of Object.entries(expected))
    if (parsed[k] !== v) throw new Error(`JWT header ${k} is ${parsed[k]}, not ${v}`);
}

export interface PushService {
  host: string;
  origin: string;
  /** A new browser subscription: its endpoint on this service and its keys (the private one kept here). */
  subscription(): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Refusals the service could not read (a bad signature, a payload that would not decrypt). */
  failures: string[];
  connections: number;
  /** The status the service answers for a subscription's path (201 unless set). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

/** A push service on a loopback port, as a browser's vendor runs one, that decrypts and checks what it gets. */
export async function startPushService(port = 0): Promise<PushService> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number>();
  const service: Omit<PushService, "host" | "origin" | "close"> = {
    received: [],
    failures: [],
    connections: 0,
    subscription() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString("base64url")}`;
      keys.set(path, { ecdh, auth });
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    answer(endpoint, status) {
      answers.set(new URL(endpoint).pathname, status);
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      const status = answers.get(path) ?? 201;
      try {
        const key = keys.get(path);
        if (!key) throw new Error(`no subscription at ${path}`);
        if (req.method !== "POST" || req.headers["content-encoding"] !== "aes128gcm")
          throw new Error(`${req.method} with ${req.headers["content-encoding"]}`);
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), key.ecdh, key.auth).toString("utf8"));
        service.received.push({ path, payload, headers: req.headers, vapid: verifyVapid(req.headers.authorization) });
      } catch (err) {
        service.failures.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end();
        return;
      }
      res.writeHead(status).end();
    });
  });
  server.on("connection", () => service.connections++);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = `http://${host}`;
  return {
    ...service,
    get received() {
      return service.received;
    },
    get failures() {
      return service.failures;
    },
    get connections() {
      return service.connections;
    },
    host,
    origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
