import { describe, expect, it } from "vitest";
import { homeOf, safeNext } from "@/lib/core/safe-next";

const ORIGIN = "https://aurum.test";

describe("safeNext", () => {
  it("keeps a path on the site, with its query and fragment", () => {
    expect(safeNext("/trade", ORIGIN)).toBe("/trade");
    expect(safeNext("/records?asset=USDT&page=2#top", ORIGIN)).toBe("/records?asset=USDT&page=2#top");
    expect(safeNext("/admin/users/abc", ORIGIN)).toBe("/admin/users/abc");
  });

  it("sends every form that leaves the site home instead", () => {
    const bypasses = [
      "//example.invalid/",
      "/\\example.invalid/",
      "/\\\\example.invalid/",
      "\\/example.invalid/",
      "/\t/example.invalid/",
      "/\n/example.invalid/",
      "/\r\n/example.invalid",
      " //example.invalid",
      "/.//example.invalid",
      "/./\\example.invalid",
      "https://example.invalid/",
      "http:/example.invalid",
      "javascript:alert(1)",
      "data:text/html,hi",
      "example.invalid",
      "",
      null,
      undefined,
    ];
    for (const next of bypasses) expect(safeNext(next, ORIGIN), JSON.stringify(next)).toBe("/");
  });

  it("reads a query string's decoded value the way the login page receives it", () => {
    for (const raw of [
      "/%5Cexample.invalid/",
      "/%09/example.invalid/",
      "/%5C%5Cexample.invalid",
      "%2F%2Fexample.invalid",
    ]) {
      const next = new URLSearchParams(`next=${raw}`).get("next");
      expect(safeNext(next, ORIGIN), raw).toBe("/");
    }
  });

  it("lands where the caller says without a next, or with one that leaves the site", () => {
    expect(homeOf("admin")).toBe("/admin");
    expect(homeOf("user")).toBe("/");
    expect(homeOf(undefined)).toBe("/");
    expect(safeNext(null, ORIGIN, "/admin")).toBe("/admin");
    expect(safeNext("//evil.example", ORIGIN, "/admin")).toBe("/admin");
    expect(safeNext("/trade", ORIGIN, "/admin")).toBe("/trade");
  });
});
