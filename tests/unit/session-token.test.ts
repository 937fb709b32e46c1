import { afterEach, describe, expect, it, vi } from "vitest";
import { decode, encode } from "next-auth/jwt";
import { mintToken, readToken, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from "@/lib/auth/token";
import { authSecret } from "@/lib/auth/secret";

const claims = {
  sub: "7d1c1c2e-8d0a-4a5e-9a51-3c1b1d1e0f01",
  sid: "0b7e2a52-1f3e-4d7c-8a11-5f2e9c3d4b02",
  role: "user" as const,
  name: "ada",
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("session tokens read again", () => {
  it("give the same claims, and a token changed by one character gives none", async () => {
    const token = await mintToken(claims);
    expect(await readToken(token)).toEqual(claims);
    expect(await readToken(token)).toEqual(claims);
    const flipped = token.slice(0, 40) + (token[40] === "A" ? "B" : "A") + token.slice(41);
    expect(await readToken(flipped)).toBeNull();
  });

  it("stop working when they expire, though they were read while valid", async () => {
    const token = await mintToken(claims);
    expect(await readToken(token)).toEqual(claims);
    vi.useFakeTimers({ now: Date.now() + (SESSION_MAX_AGE_SECONDS + 60) * 1000 });
    expect(await readToken(token)).toBeNull();
  });

  it("stop working when the signing secret changes", async () => {
    const token = await mintToken(claims);
    expect(await readToken(token)).toEqual(claims);
    vi.stubEnv("AUTH_SECRET", "another-secret-0123456789abcdef0123456789abcdef");
    expect(await readToken(token)).toBeNull();
  });

  it("are the tokens next-auth mints and reads: its decode reads ours, and ours are read like its own", async () => {
    const before = Math.floor(Date.now() / 1000);
    const ours = await mintToken(claims);
    const read = await decode({ token: ours, secret: authSecret(), salt: SESSION_COOKIE });
    expect(read).toMatchObject({
      ...claims,
      exp: expect.any(Number),
      iat: expect.any(Number),
      jti: expect.any(String),
    });
    expect(read!.iat).toBeGreaterThanOrEqual(before);
    expect(read!.exp! - read!.iat!).toBe(SESSION_MAX_AGE_SECONDS);
    const theirs = await encode({
      token: { ...claims },
      secret: authSecret(),
      salt: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_SECONDS,
    });
    expect(ours.split(".")[0]).toBe(theirs.split(".")[0]);
    expect(await readToken(theirs)).toEqual(claims);
    // Every token has its own IV and id.
    expect(await mintToken(claims)).not.toBe(ours);
  });
});
