import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { badRequest } from "@/lib/core/errors";
import { readEnv } from "@/lib/core/env";
import { isPublicAddress } from "./address";

const ENDPOINT_MAX = 2048;

/** Whether PUSH_ENDPOINT_ALLOW names this endpoint's host[:port]: then it may be private, and plain http. */
const allowListed = (url: URL) => readEnv().PUSH_ENDPOINT_ALLOW.includes(url.host.toLowerCase());

const refused = (why: string) =>
  badRequest(`This push endpoint cannot be used: ${why}`, { endpoint: [why] }, "PUSH_ENDPOINT_REFUSED");

/** The endpoint as a URL when its form is acceptable (https, no credentials, not too long); where it points is checked apart. */
export function endpointUrl(raw: string): URL {
  if (raw.length > ENDPOINT_MAX || !URL.canParse(raw)) throw refused("it is not a URL");
  const url = new URL(raw);
  if (url.username || url.password) throw refused("it carries credentials");
  if (url.protocol === "http:" && allowListed(url)) return url;
  if (url.protocol !== "https:") throw refused("it is not https");
  return url;
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
}

/**
 * Where a push to `url` may connect: the host's addresses, every one of them public (a name with one
 * internal address among public ones is refused whole, since any of them may be the one used), or
 * any address for an allow-listed host. Rejects with the reason otherwise.
 */
export async function publicAddresses(url: URL): Promise<LookupAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveAll(host);
  if (allowListed(url)) return addresses;
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
    throw refused("it does not point to a public address");
  return addresses;
}

/** Checks a browser's endpoint before it is stored: its form, and that its host resolves to public addresses only. */
export async function assertEndpoint(raw: string): Promise<URL> {
  const url = endpointUrl(raw);
  try {
    await publicAddresses(url);
  } catch (err) {
    if (err instanceof Error && "status" in err) throw err;
    throw refused("its host does not resolve");
  }
  return url;
}

/**
 * The `lookup` a push request connects with: the name is resolved again at send time and the
 * connection goes to the address checked here, so a name that resolved to a public address when
 * stored and to an internal one now (DNS rebinding) is refused, not followed.
 */
export function guardedLookup(url: URL): LookupFunction {
  return (_hostname, options, callback) => {
    publicAddresses(url).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => !wanted || a.family === wanted);
        if (options.all) return callback(null, usable);
        const first = usable[0];
        if (!first)
          return callback(
            Object.assign(new Error(`no usable address for ${url.hostname}`), { code: "ENOTFOUND" }),
            "",
            0,
          );
        callback(null, first.address, first.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, "", 0),
    );
  };
}
