import { BlockList, isIP } from "node:net";

// Addresses that are not the public internet (RFC 6890 and its successors): a push endpoint there
// would make the server POST into its own network.
const internal = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  internal.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64], // discard
  ["2001::", 23], // protocol assignments (Teredo among them)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: reaches whatever IPv4 address it embeds
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  internal.addSubnet(net, prefix, "ipv6");

// IPv4-compatible, IPv4-mapped and NAT64 addresses carry an IPv4 address and are judged by it
// (below); a spelling of them the patterns do not read is refused. A list of its own, as a BlockList
// matches IPv4 addresses against ::ffff:0:0/96.
const carriers = new BlockList();
for (const net of ["::", "::ffff:0:0", "64:ff9b::"]) carriers.addSubnet(net, 96, "ipv6");

// IPv6 forms that carry an IPv4 address: judged by the address they carry.
const EMBEDDED_V4 = /^(?:::ffff:(?:0:)?|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/i;

function embeddedV4(address: string): string | null {
  const dotted = EMBEDDED_V4.exec(address)?.[1];
  if (dotted) return dotted;
  // ::ffff:7f00:1 and 64:ff9b::7f00:1 written in hex.
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Whether `address` (an IP literal) is on the public internet; anything that is no IP address is not. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return !internal.check(bare, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedV4(bare);
  if (v4) return isIP(v4) === 4 && !internal.check(v4, "ipv4");
  return !internal.check(bare, "ipv6") && !carriers.check(bare, "ipv6");
}
