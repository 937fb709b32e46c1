import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { mintToken, SESSION_COOKIE } from "@/lib/auth/token";
import { proxy } from "@/proxy";

const visit = (url: string, cookie = "") => proxy(new NextRequest(url, { headers: { host: new URL(url).host, cookie } }));

describe("the page gate's redirects", () => {
  it("send a signed-out visitor to /login by path, whatever host the request named", async () => {
    const res = await visit("http://evil.example/trade?tab=limit");
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("/login?next=%2Ftrade%3Ftab%3Dlimit");
    expect((await visit("http://evil.example/")).headers.get("location")).toBe("/login");
  });

  it("send a user who is no administrator from /admin to Home by path", async () => {
    const token = await mintToken({ sub: "00000000-0000-4000-8000-000000000001", sid: "00000000-0000-4000-8000-000000000002", role: "user", name: "someone" });
    const res = await visit("http://evil.example/admin/users", `${SESSION_COOKIE}=${token}`);
    expect([res.status, res.headers.get("location")]).toEqual([307, "/"]);
  });

  it("let public pages through", async () => {
    const res = await visit("http://evil.example/login");
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("content-security-policy")).toContain("nonce-");
  });
});
