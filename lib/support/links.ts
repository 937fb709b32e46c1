import { AppError } from "@/lib/core/errors";

/*
 * What in a message a reader's mail program or eye takes for a link, and the host it leads to:
 * - anything with a scheme and `//` (`https://…`, `ftp://…`), the host as a browser would parse it
 *   (so `https://aurum.example@evil.example` is evil.example);
 * - a bare domain (`evil.example/login`, `www.evil.example`), since mail programs link those too;
 *   the dot may be any of the dots URL parsers accept (`。`, `．`, `｡`) and labels any letters (an
 *   IDN is compared in its punycode, as the browser would go there);
 * - an IPv4 address.
 * E-mail addresses are not links: the part after `@` of `name@host` is left alone (`mailto:` is).
 */
const DOT = "[.\u3002\uFF0E\uFF61]";
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?";
const WITH_SCHEME = /[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`]+/giu;
const MAILTO = /mailto:[^\s<>"'`]+/giu;
const EMAIL = new RegExp(`[\\p{L}\\p{N}._%+-]+@${LABEL}(?:${DOT}${LABEL})+`, "gu");
const BARE = new RegExp(`(?<![\\p{L}\\p{N}@_-])(?:${LABEL}${DOT})+\\p{L}[\\p{L}\\p{N}-]*(?![\\p{L}\\p{N}_])`, "gu");
const IPV4 = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/g;

/** The host a link in text leads to, normalised as a browser would (lowercase, punycode), or null. */
function hostOf(candidate: string): string | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(candidate) ? candidate : `http://${candidate}`);
    return url.hostname.replace(/\.$/, "") || null;
  } catch {
    return null;
  }
}

/** Every host that something in `text` links to (lowercase, punycode), in order, without repeats. */
export function linkedHosts(text: string): string[] {
  const hosts = new Set<string>();
  let rest = text;
  for (const re of [WITH_SCHEME, MAILTO]) {
    rest = rest.replace(re, (match) => {
      const host = re === MAILTO ? hostOf(match.slice(match.indexOf("@") + 1)) : hostOf(match);
      hosts.add(host ?? match.toLowerCase());
      return " ";
    });
  }
  rest = rest.replace(EMAIL, " ");
  for (const match of rest.matchAll(BARE)) {
    const host = hostOf(match[0]);
    // "e.g" or "a.m" is no domain: a top-level domain has two letters or more.
    if (host && /\.[a-z][a-z0-9-]+$/.test(host) && !/^\d+(\.\d+)*$/.test(host)) hosts.add(host);
    else if (host?.startsWith("xn--") || host?.includes(".xn--")) hosts.add(host);
  }
  for (const match of rest.matchAll(IPV4)) hosts.add(match[0]);
  return [...hosts];
}

/**
 * Refuses a message from support that links anywhere but the site itself (`siteHost`) or a host an
 * administrator allowed in the settings (`support.allowedLinkHosts`): nothing written in Aurum's name
 * may send a user to a look-alike sign-in page. A 422 naming the hosts, so the writer can fix it.
 */
export function assertOwnLinks(text: string, siteHost: string, allowed: readonly string[]): void {
  const permitted = new Set([siteHost.toLowerCase(), ...allowed.map((h) => h.toLowerCase())]);
  const foreign = linkedHosts(text).filter((host) => !permitted.has(host));
  if (foreign.length === 0) return;
  throw new AppError(
    422,
    "SUPPORT_FOREIGN_LINK",
    `A support message can only link to ${[...permitted].join(", ")}. Remove the link to ${foreign.join(", ")} (or ask for the host to be added to the allowed link hosts in Settings).`,
    { message: [`Links to ${foreign.join(", ")} are not allowed in support messages`] },
  );
}
