import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import webpush from "web-push";
import { endpointUrl, guardedLookup, publicAddresses } from "./endpoint";
import { vapidKeys } from "./vapid";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** The JSON the service worker reads (lib/push/payload). */
  payload: string;
  /** How long the push service keeps it for a device that is offline, in seconds. */
  ttlSeconds: number;
}

const TIMEOUT_MS = 15_000;

/**
 * Encrypts `message` to the subscription's keys (RFC 8291, aes128gcm), signs it with the VAPID key
 * (RFC 8292) and POSTs it to the push service; answers the service's status code. web-push builds the
 * request; Aurum sends it, so the connection goes only to an address checked as it connects
 * (lib/push/endpoint), whatever the name resolves to now.
 */
export async function sendPush(target: PushTarget, message: PushMessage): Promise<number> {
  const url = endpointUrl(target.endpoint);
  // A literal address is never looked up by the connection: check it here.
  if (isIP(url.hostname.replace(/^\[|\]$/g, ""))) await publicAddresses(url);
  const { publicKey, privateKey, subject } = vapidKeys();
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    message.payload,
    { vapidDetails: { subject, publicKey, privateKey }, TTL: message.ttlSeconds, contentEncoding: "aes128gcm" },
  );
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        headers: request.headers as http.OutgoingHttpHeaders,
        lookup: guardedLookup(url),
        timeout: TIMEOUT_MS,
        // Redirects are not followed (Node never does): a push service answers where it was asked.
        agent: false,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`the push service did not answer within ${TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end(request.body ?? undefined);
  });
}
