import { describe, expect, it } from "vitest";
import { ADVISORY_LOCKS } from "@/db/advisory-locks";

describe("advisory lock keys", () => {
  // Two concerns on one key serialize each other and can deadlock: a status change holds the admin
  // key and waits for a user's row while a password reset holds that row and waits to append to the
  // audit chain (they shared 7272012 until this test).
  it("are distinct", () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
