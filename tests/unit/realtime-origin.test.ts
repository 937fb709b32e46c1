import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { readEnv } from "@/lib/core/env";
import { originAllowed } from "@/lib/socket/origin";
import { Recent } from "@/lib/socket/recent";

const env = (vars: Record<string, string>) => readEnv({ NODE_ENV: "test", ...vars });
const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe("ALLOWED_ORIGINS", () => {
  it("is a comma-separated list of origins, normalised", () => {
    expect(env({ ALLOWED_ORIGINS: " https://App.Example.com/ , http://localhost:8080" }).ALLOWED_ORIGINS).toEqual([
      "https://app.example.com",
      "http://localhost:8080",
    ]);
    expect(env({}).ALLOWED_ORIGINS).toEqual([]);
  });

  it("refuses anything that is not an origin, naming it", () => {
    for (const bad of ["app.example.com", "https://app.example.com/path", "https://app.example.com?x=1", "*"]) {
      expect(() => env({ ALLOWED_ORIGINS: bad })).toThrow(`"${bad}" is not an origin like https://example.com`);
    }
  });
});

describe("originAllowed", () => {
  it("admits the site's own host and listed origins, and refuses others", () => {
    const listed = ["https://app.example.com"];
    expect(originAllowed(request({ host: "aurum.test:3000", origin: "http://aurum.test:3000" }), listed, false)).toBe(
      true,
    );
    expect(originAllowed(request({ host: "aurum.test:3000", origin: "https://app.example.com" }), listed, false)).toBe(
      true,
    );
    expect(originAllowed(request({ host: "aurum.test:3000", origin: "https://evil.example" }), listed, false)).toBe(
      false,
    );
    expect(originAllowed(request({ host: "aurum.test:3000", origin: "http://aurum.test:3001" }), listed, false)).toBe(
      false,
    );
    expect(originAllowed(request({ host: "aurum.test:3000", origin: "null" }), listed, false)).toBe(false);
  });

  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const proxied = request({
      host: "127.0.0.1:3000",
      "x-forwarded-host": "aurum.example",
      origin: "https://aurum.example",
    });
    expect(originAllowed(proxied, [], true)).toBe(true);
    expect(originAllowed(proxied, [], false)).toBe(false);
  });

  it("lets a request without Origin through (same-origin polling, non-browser clients; the token still decides)", () => {
    expect(originAllowed(request({ host: "aurum.test" }), [], false)).toBe(true);
  });
});

describe("Recent", () => {
  it("remembers a key for its time, forgetting older ones as new ones come", () => {
    const revoked = new Recent(60_000);
    revoked.add("a", 0);
    revoked.add("b", 30_000);
    expect(revoked.has("a", 30_000)).toBe(true);
    revoked.add("c", 61_000);
    expect([revoked.has("a", 61_000), revoked.has("b", 61_000), revoked.has("c", 61_000)]).toEqual([false, true, true]);
  });

  it("tells when a key was last added, and nothing once that is older than its time", () => {
    const changes = new Recent(60_000);
    changes.add("u", 1_000);
    changes.add("u", 5_000);
    expect(changes.at("u", 65_000)).toBe(5_000);
    expect(changes.at("u", 65_001)).toBeUndefined();
    expect(changes.at("other", 5_000)).toBeUndefined();
  });
});
