/** Headers every answer carries: no sniffing, no framing, little referrer, no powerful features. */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    // Only where the client really came over TLS: HSTS on plain HTTP is ignored, and behind an
    // untrusted hop it could pin a site that cannot serve HTTPS.
    ...(https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** JSON and files are never documents to run or frame. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * The pages' policy: scripts only with this response's nonce (Next puts it on its own scripts) and
 * what they load ('strict-dynamic'); styles may be inline because React and the chart library set
 * style attributes; connections only to the site itself (the API and its Socket.IO). Development
 * adds 'unsafe-eval', which React's dev build needs for its stack reconstruction.
 */
export function pageContentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The push service worker (public/sw.js): 'strict-dynamic' in script-src would otherwise refuse it.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
