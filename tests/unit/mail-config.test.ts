import { describe, expect, it } from "vitest";
import { readEnv } from "@/lib/core/env";
import { linkOrigin, siteUrlWarning } from "@/lib/core/origin";

const env = (vars: Record<string, string>) => readEnv({ NODE_ENV: "test", ...vars });

describe("mail settings", () => {
  it("takes smtp:// and smtps:// URLs, a From with a default, and SITE_URL as an origin", () => {
    expect(env({}).MAIL_FROM).toBe("Aurum <no-reply@localhost>");
    expect(env({}).SMTP_URL).toBeUndefined();
    expect(env({ SMTP_URL: "smtps://user:pass@mail.example.com:465" }).SMTP_URL).toBe(
      "smtps://user:pass@mail.example.com:465",
    );
    expect(env({ SITE_URL: "https://Gold.Example.com/" }).SITE_URL).toBe("https://gold.example.com");
    for (const bad of [
      { SMTP_URL: "mail.example.com" } as Record<string, string>,
      { SMTP_URL: "http://mail.example.com" },
      { SITE_URL: "gold.example.com" },
      { SITE_URL: "https://gold.example.com/app" },
    ]) {
      expect(() => env(bad), JSON.stringify(bad)).toThrow(/Invalid environment/);
    }
  });
});

describe("linkOrigin", () => {
  it("is SITE_URL when set", () => {
    expect(linkOrigin(env({ SITE_URL: "https://gold.example.com", PORT: "4100" }))).toBe("https://gold.example.com");
  });

  it("is otherwise the address the server was started on, never a host a client names", () => {
    expect(linkOrigin(env({ PORT: "4100" }))).toBe("http://localhost:4100");
    expect(linkOrigin(env({}))).toBe("http://localhost:3000");
  });
});

describe("siteUrlWarning", () => {
  it("warns in production until SITE_URL is set, naming where links point meanwhile", () => {
    expect(siteUrlWarning(env({ NODE_ENV: "production", PORT: "4100" }))).toContain("http://localhost:4100");
    expect(siteUrlWarning(env({ NODE_ENV: "production", SITE_URL: "https://gold.example.com" }))).toBeNull();
    expect(siteUrlWarning(env({ NODE_ENV: "development" }))).toBeNull();
  });
});
