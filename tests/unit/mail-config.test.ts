import { describe, expect, it } from "vitest";
import { readEnv } from "@/lib/env";
import { linkOrigin } from "@/lib/http/origin";

const env = (vars: Record<string, string>) => readEnv({ NODE_ENV: "test", ...vars });
const request = (headers: Record<string, string>) => new Request("http://localhost/api/auth/forgot-password", { method: "POST", headers });

describe("mail settings", () => {
  it("takes smtp:// and smtps:// URLs, a From with a default, and SITE_URL as an origin", () => {
    expect(env({}).MAIL_FROM).toBe("Aurum <no-reply@localhost>");
    expect(env({}).SMTP_URL).toBeUndefined();
    expect(env({ SMTP_URL: "smtps://user:pass@mail.example.com:465" }).SMTP_URL).toBe("smtps://user:pass@mail.example.com:465");
    expect(env({ SITE_URL: "https://Gold.Example.com/" }).SITE_URL).toBe("https://gold.example.com");
    for (const bad of [{ SMTP_URL: "mail.example.com" } as Record<string, string>, { SMTP_URL: "http://mail.example.com" }, { SITE_URL: "gold.example.com" }, { SITE_URL: "https://gold.example.com/app" }]) {
      expect(() => env(bad), JSON.stringify(bad)).toThrow(/Invalid environment/);
    }
  });
});

describe("linkOrigin", () => {
  it("is SITE_URL when set, whatever the request says", () => {
    expect(linkOrigin(request({ host: "evil.example" }), { SITE_URL: "https://gold.example.com", TRUST_PROXY: false })).toBe("https://gold.example.com");
  });

  it("is otherwise the host the request was sent to, https only when a trusted proxy says so", () => {
    expect(linkOrigin(request({ host: "Gold.Example:8443" }), { TRUST_PROXY: false })).toBe("http://gold.example:8443");
    expect(linkOrigin(request({ host: "a.example", "x-forwarded-host": "b.example", "x-forwarded-proto": "https" }), { TRUST_PROXY: false })).toBe("http://a.example");
    expect(linkOrigin(request({ host: "a.example", "x-forwarded-host": "b.example", "x-forwarded-proto": "https" }), { TRUST_PROXY: true })).toBe("https://b.example");
    expect(linkOrigin(request({ host: "[::1]:3000" }), { TRUST_PROXY: false })).toBe("http://[::1]:3000");
  });

  it("makes no link to a host that is not a plain host and port", () => {
    for (const host of ["evil.example/x?", "user@evil.example", "a b", "evil.example:99999"]) {
      expect(linkOrigin(request({ host }), { TRUST_PROXY: false }), host).toBe("http://localhost");
    }
  });
});
