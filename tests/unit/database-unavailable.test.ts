import { beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { errorResponse } from "@/lib/http/handler";
import { log } from "@/lib/core/log";

const wrapped = (code: string) =>
  Object.assign(new Error("Failed query: select 1"), { cause: Object.assign(new Error(code), { code }) });

describe("isDatabaseUnavailable", () => {
  it("recognises a database that is away, however deep the driver wrapped it", () => {
    for (const code of [
      "ECONNREFUSED",
      "ECONNRESET",
      "CONNECT_TIMEOUT",
      "CONNECTION_CLOSED",
      "CONNECTION_ENDED",
      "CONNECTION_DESTROYED",
      "08006",
      "08001",
      "57P01",
      "57P03",
    ]) {
      expect(isDatabaseUnavailable(wrapped(code)), code).toBe(true);
    }
  });

  it("leaves every other failure a 500: refused statements, bugs, nothing at all", () => {
    for (const code of ["23505", "40P01", "22P02", "42P01", "ENOENT", "ERR_INVALID_ARG_TYPE"])
      expect(isDatabaseUnavailable(wrapped(code)), code).toBe(false);
    for (const other of [new TypeError("x is undefined"), null, undefined, "ECONNREFUSED", { code: 57 }])
      expect(isDatabaseUnavailable(other)).toBe(false);
  });
});

describe("errorResponse", () => {
  // Each answer logs its cause, as it should; not into the test's output.
  beforeAll(() => {
    const level = log.level;
    log.level = "silent";
    return () => {
      log.level = level;
    };
  });

  const answer = async (err: unknown) => {
    const res = errorResponse(err);
    return {
      status: res.status,
      retryAfter: res.headers.get("retry-after"),
      body: (await res.json()) as { code: string },
    };
  };

  it("tells the caller to try again, without breaking, when a deadlock or a serialization conflict outlasted the retries", async () => {
    for (const code of ["40P01", "40001"]) {
      expect(await answer(wrapped(code)), code).toMatchObject({
        status: 503,
        retryAfter: "1",
        body: { code: "TRY_AGAIN" },
      });
    }
  });

  it("says unavailable for a database that is away, and 500 for the rest", async () => {
    expect(await answer(wrapped("08006"))).toMatchObject({
      status: 503,
      retryAfter: "2",
      body: { code: "SERVICE_UNAVAILABLE" },
    });
    for (const code of ["23505", "22P02", "40P02"])
      expect(await answer(wrapped(code)), code).toMatchObject({
        status: 500,
        retryAfter: null,
        body: { code: "INTERNAL" },
      });
  });
});
