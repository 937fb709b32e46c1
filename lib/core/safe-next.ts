/**
 * Where to go after sign-in: `next` when it is a path on this site, else `home` ("/", or see homeOf). The path is resolved
 * the way the browser will resolve it, against the site's own origin, so the forms that look like a
 * path yet leave the site ("/\evil", "/%09/evil", "//evil", "/.//evil") are caught by what they
 * become rather than by a list of patterns.
 */
export function safeNext(next: string | null | undefined, origin: string, home = "/"): string {
  if (!next || !next.startsWith("/")) return home;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return home;
  }
  if (url.origin !== new URL(origin).origin) return home;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that itself starts with two slashes would be read as another host when navigated to.
  return /^\/(?![/\\])/.test(path) ? path : home;
}

/** Where a signed-in person lands without a `next`: administrators at their dashboard, everyone else at Home. */
export const homeOf = (role: string | undefined) => (role === "admin" ? "/admin" : "/");
