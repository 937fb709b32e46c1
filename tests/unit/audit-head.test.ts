import { describe, expect, it } from "vitest";
import { parseLink } from "@/lib/audit/head";

// A published audit head ("seq:hash", the proof snapshot's, audit:verify's --expect) names one row
// of the chain: anything else must be refused, not read as some other row.
const hash = "ae4669b6e18d2ee04e250f1706b504e26eed786da2ef748da4c7ac72ca761257";

describe("an audit head as published (seq:hash)", () => {
  it("reads a place from the first row on, with its hash", () => {
    expect(parseLink(`1:${hash}`)).toEqual({ seq: 1, hash });
    expect(parseLink(`7:${hash}`)).toEqual({ seq: 7, hash });
    expect(parseLink(`1234:${hash}`)).toEqual({ seq: 1234, hash });
    // Sixteen digits is as long as a place gets (a seq stays well inside a double's exact integers).
    expect(parseLink(`9007199254740991:${hash}`)).toEqual({ seq: 9_007_199_254_740_991, hash });
  });

  it("refuses a place the chain cannot have or that reads two ways: 0, a leading zero, a sign, seventeen digits", () => {
    for (const seq of ["0", "01", "-1", "+1", "1.5", "1e3", "12345678901234567", " 1", "", "a"]) {
      expect(parseLink(`${seq}:${hash}`), seq).toBeNull();
    }
  });

  it("refuses a hash that is not exactly 64 lowercase hex digits", () => {
    for (const text of [
      `1:${hash.slice(1)}`,
      `1:${hash}0`,
      `1:${hash.toUpperCase()}`,
      `1:${hash.slice(1)}g`,
      `1:${"-".repeat(64)}`,
      "1:",
      `1${hash}`,
      `1::${hash}`,
    ]) {
      expect(parseLink(text), text).toBeNull();
    }
  });

  it("refuses anything around the link: it is the whole text or nothing", () => {
    for (const text of [`x1:${hash}`, `1:${hash}x`, `1:${hash}\n`, `\n1:${hash}`, `2:${hash} 3:${hash}`]) {
      expect(parseLink(text), JSON.stringify(text)).toBeNull();
    }
  });
});
