import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/lib/core/log";
import { routeLabel } from "@/lib/core/metrics";

describe("the log", () => {
  it("writes JSON lines and never a credential, wherever it sits", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = createLogger(sink);
    logger.warn(
      {
        token: "t0ken",
        password: "hunter2",
        user: { password: "x", newPassword: "y" },
        req: { headers: { authorization: "Bearer abc", cookie: "aurum.session-token=zzz" } },
      },
      "careful",
    );
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      msg: "careful",
      level: 40,
      service: "aurum",
      token: "[redacted]",
      password: "[redacted]",
    });
    expect(lines[0]).not.toMatch(/t0ken|hunter2|Bearer abc|zzz|"y"/);
  });
});

describe("metric route labels", () => {
  it("fold ids, queries, assets and unknown paths so the label set stays small", () => {
    expect(routeLabel("/api/trades/0190f5c2-0000-7000-8000-000000000000?x=1", 200)).toBe("/api/trades/:id");
    expect(routeLabel("/_next/static/chunks/abc.js", 200)).toBe("/_next/*");
    expect(routeLabel("/socket.io/?EIO=4&transport=polling", 200)).toBe("/socket.io");
    expect(routeLabel("/some/random/probe", 404)).toBe("unmatched");
  });
});
