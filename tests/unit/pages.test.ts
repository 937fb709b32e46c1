import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isSignedInPage, PUBLIC_PAGES, SIGNED_IN_SECTIONS } from "@/lib/http/pages";

const APP = path.resolve(import.meta.dirname, "../../app");

/** Every page's path, route groups ("(app)") left out. */
function pagePaths(dir = APP, route = ""): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name === "api") continue;
      found.push(...pagePaths(full, /^\(.*\)$/.test(name) ? route : `${route}/${name}`));
    } else if (name === "page.tsx") found.push(route || "/");
  }
  return found;
}

describe("the first gate's page lists", () => {
  const pages = pagePaths();
  const grouped = (group: string) => pagePaths(path.join(APP, group), "");

  it("know every page: the public ones by path, the others by their first segment", () => {
    expect(pages.length).toBeGreaterThan(30);
    for (const page of pages) expect(PUBLIC_PAGES.has(page) || isSignedInPage(page), page).toBe(true);
  });

  it("list exactly the pages of the public groups as public, and no public page behind sign-in", () => {
    const publicPages = [...grouped("(public)"), ...grouped("(info)")].sort();
    expect([...PUBLIC_PAGES].sort()).toEqual(publicPages);
    for (const page of publicPages) expect(SIGNED_IN_SECTIONS.has(page.split("/")[1]!), page).toBe(false);
  });

  it("send no made-up path to sign-in", () => {
    expect(isSignedInPage("/no-such-page")).toBe(false);
    expect(isSignedInPage("/.env")).toBe(false);
    expect(isSignedInPage("/trade")).toBe(true);
    expect(isSignedInPage("/admin/users/42")).toBe(true);
    expect(isSignedInPage("/")).toBe(true);
  });
});
