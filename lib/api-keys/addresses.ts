import { BlockList, isIP } from "node:net";

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as one family sees it: an IPv4 address a dual-stack server reports as ::ffff:a.b.c.d is IPv4. */
const plain = (address: string) => address.match(MAPPED_V4)?.[1] ?? address;

/**
 * An allowed address as the user typed it (an address, or a network as address/prefix) in one
 * canonical form, or null when it is neither.
 */
export function allowedAddress(input: string): string | null {
  const [address, prefix, extra] = input.trim().split("/");
  if (extra !== undefined || !address) return null;
  const ip = plain(address);
  const family = isIP(ip);
  if (family === 0) return null;
  if (prefix === undefined) return ip.toLowerCase();
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null;
  return `${ip.toLowerCase()}/${Number(prefix)}`;
}

/** Whether `client` (as server.ts recorded it) is one of `allowed` (canonical, from `allowedAddress`). */
export function addressAllowed(allowed: readonly string[], client: string): boolean {
  const ip = plain(client);
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [address, prefix] = entry.split("/") as [string, string | undefined];
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list.check(ip, family === 4 ? "ipv4" : "ipv6");
}
