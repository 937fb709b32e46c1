import { describe, expect, it } from "vitest";
import { readEnv } from "@/lib/core/env";

describe("the environment", () => {
  it("is read again when a variable changes, and refused when the change is invalid", () => {
    const source = { NODE_ENV: "test", PRICE_STALE_SECONDS: "30" } as NodeJS.ProcessEnv;
    expect(readEnv(source).PRICE_STALE_SECONDS).toBe(30);
    expect(readEnv(source)).toBe(readEnv(source));
    source.PRICE_STALE_SECONDS = "45";
    expect(readEnv(source).PRICE_STALE_SECONDS).toBe(45);
    source.PRICE_STALE_SECONDS = "soon";
    expect(() => readEnv(source)).toThrow(/PRICE_STALE_SECONDS/);
    expect(readEnv({ NODE_ENV: "test", PRICE_STALE_SECONDS: "45" }).PRICE_STALE_SECONDS).toBe(45);
  });
});
