import Bowser from "bowser";
import { q } from "@/db/statement";

/** "Chrome 131 on macOS" from a user agent, for people to recognise their own devices. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const ua = Bowser.parse(userAgent);
  const browser = [ua.browser.name, ua.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const os = ua.os.name ?? "";
  if (!browser && !os) return "Unknown device";
  if (!browser) return os;
  return os ? `${browser} on ${os}` : browser;
}

/** The browser and system without versions: a browser that updated itself is the same device. */
function deviceFamily(userAgent: string | null): string {
  if (!userAgent) return "";
  const ua = Bowser.parse(userAgent);
  return `${ua.browser.name ?? ""}|${ua.os.name ?? ""}`;
}

// Enough distinct user agents to judge by, without reading an account's whole history.
const DEVICES_COMPARED = 500;

/** The distinct user agents of the account's sessions so far (as many as `isNewDevice` compares). */
export const sessionUserAgents = (userId: string) =>
  q`select distinct user_agent from sessions where user_id = ${userId}::uuid limit ${DEVICES_COMPARED}::int`;

/**
 * Whether a sign-in comes from a browser and system none of the account's earlier sessions (`seen`,
 * their user agents) was on. The very first session of an account is no news (it is the account's
 * own first device).
 */
export function isNewDevice(seen: (string | null)[], userAgent: string | null): boolean {
  if (seen.length === 0) return false;
  const family = deviceFamily(userAgent);
  return !seen.some((ua) => deviceFamily(ua) === family);
}
