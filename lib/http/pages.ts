/**
 * The site's pages as the first gate sees them, kept whole by tests/unit/pages.test.ts, which
 * compares them with the page files under app/.
 */

// Sign-in, registration, password reset, the contact form, the legal documents, the information pages and the proof of
// reserves: readable by anyone.
export const PUBLIC_PAGES = new Set([
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/terms",
  "/privacy",
  "/legality",
  "/advantages-of-ai-trading",
  "/option-trading",
  "/store-xaut",
  "/whitepaper",
  "/proof-of-reserves",
  "/contact",
  // The API reference: published to anyone, as exchanges publish theirs.
  "/api-docs",
]);

// The first path segment of every page behind sign-in ("" is Home).
export const SIGNED_IN_SECTIONS = new Set([
  "",
  "admin",
  "ai-trading",
  "api-keys",
  "deposit",
  "invite-friends",
  "market",
  "notifications",
  "personal-info",
  "profile",
  "record",
  "records",
  "saving",
  "security-management",
  "storage",
  "support",
  "trade",
  "withdraw",
]);

/** Whether a path may be a page behind sign-in; anything else is no page at all (a 404 for anyone). */
export const isSignedInPage = (pathname: string) => SIGNED_IN_SECTIONS.has(pathname.split("/")[1] ?? "");
