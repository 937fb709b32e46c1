import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson, encodeRow, GENESIS, rowHash, type ChainedRow } from "@/lib/audit/encoding";

// The README's worked example ("Audit chain"): a first row, written out by hand in its canonical
// form, and its hash as `printf '%s%s' "$prev" "$encoding" | sha256sum` prints it.
const row: ChainedRow = {
  seq: 1,
  id: "019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9",
  createdAt: "2026-11-25T07:45:00.123000Z",
  actorId: "019ab9c0-11aa-7b2c-9d3e-4f5a6b7c8d9e",
  action: "user.balance.adjust",
  targetType: "user",
  targetId: "019ab9c1-22bb-7c3d-8e4f-5a6b7c8d9eaf",
  ip: null,
  detail: {
    reason: "Goodwill: ticket #4821 «late fill»",
    amount: "250.000000",
    asset: "USDT",
    operation: "credit",
    Balance: { after: "1250.000000" },
    ratio: 1e21,
    tags: ["a", 0.5, true, null],
  },
};
const encoding =
  '["aurum.audit.v1",1,"019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9","2026-11-25T07:45:00.123000Z","019ab9c0-11aa-7b2c-9d3e-4f5a6b7c8d9e","user.balance.adjust","user","019ab9c1-22bb-7c3d-8e4f-5a6b7c8d9eaf",null,' +
  '{"Balance":{"after":"1250.000000"},"amount":"250.000000","asset":"USDT","operation":"credit","ratio":1e+21,"reason":"Goodwill: ticket #4821 «late fill»","tags":["a",0.5,true,null]}]';
const hash = "ae4669b6e18d2ee04e250f1706b504e26eed786da2ef748da4c7ac72ca761257";

describe("the audit chain's encoding", () => {
  it("gives the README's worked example byte for byte", () => {
    expect(encodeRow(row)).toBe(encoding);
    expect(
      createHash("sha256")
        .update("0".repeat(64) + encoding, "utf8")
        .digest("hex"),
    ).toBe(hash);
    expect(rowHash(GENESIS, row)).toBe(hash);
  });

  it("covers the previous hash and every column: change any and the hash changes", () => {
    const second = { ...row, seq: 2 };
    expect(rowHash(hash, second)).toBe(
      createHash("sha256")
        .update(hash + encoding.replace('",1,"', '",2,"'), "utf8")
        .digest("hex"),
    );
    const variants: ChainedRow[] = [
      { ...row, seq: 2 },
      { ...row, id: row.id.replace("c9", "ca") },
      { ...row, createdAt: "2026-11-25T07:45:00.123001Z" },
      { ...row, actorId: row.targetId! },
      { ...row, action: "user.balance.adjusted" },
      { ...row, targetType: "wallet" },
      { ...row, targetId: null },
      { ...row, ip: "203.0.113.7" },
      { ...row, detail: { ...(row.detail as object), amount: "2500.000000" } },
    ];
    const hashes = new Set([hash, rowHash("1".repeat(64), row), ...variants.map((v) => rowHash(GENESIS, v))]);
    expect(hashes.size).toBe(variants.length + 2);
  });

  it("is RFC 8785: keys by UTF-16 code units, numbers and strings as JSON.stringify writes them", () => {
    // By code point U+FFFD comes before U+1F600; by UTF-16 code units (0xFFFD against 0xD83D) after it.
    expect(canonicalJson({ "\uFFFD": 1, "😀": 2, b: 3, B: 4, a: { z: [], y: {} } })).toBe(
      '{"B":4,"a":{"y":{},"z":[]},"b":3,"😀":2,"\uFFFD":1}',
    );
    expect(canonicalJson([-0, 1e-7, 100, 0.1 + 0.2, 1e21, 2 ** 60])).toBe(
      "[0,1e-7,100,0.30000000000000004,1e+21,1152921504606847000]",
    );
    expect(canonicalJson(["\ud800", "\u2028", 'quote " and \\', "\u0001", "é"])).toBe(
      '["\\ud800","\u2028","quote \\" and \\\\","\\u0001","é"]',
    );
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow();
  });
});
