import Bowser from "bowser";

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
