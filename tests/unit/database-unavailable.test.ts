import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/db/unavailable";

const wrapped = (code: string) => Object.assign(new Error("Failed query: select 1"), { cause: Object.assign(new Error(code), { code }) });

describe("isDatabaseUnavailable", () => {
  it("recognises a database that is away, however deep the driver wrapped it", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "08006", "08001", "57P01", "57P03"]) {
      expect(isDatabaseUnavailable(wrapped(code)), code).toBe(true);
    }
  });

  it("leaves every other failure a 500: refused statements, bugs, nothing at all", () => {
    for (const code of ["23505", "40P01", "22P02", "42P01", "ENOENT", "ERR_INVALID_ARG_TYPE"]) expect(isDatabaseUnavailable(wrapped(code)), code).toBe(false);
    for (const other of [new TypeError("x is undefined"), null, undefined, "ECONNREFUSED", { code: 57 }]) expect(isDatabaseUnavailable(other)).toBe(false);
  });
});
