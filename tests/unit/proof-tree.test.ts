import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assembleProof } from "@/lib/proof/assemble";
import { hexOf, leafPreimage, MAX_SUM, nodePreimage, ProofEncodingError } from "@/lib/proof/encoding";
import type { ProofFile } from "@/lib/proof/proof-file";
import { buildLevels, leafNode, parentNode, pathIn, type LeafInput } from "@/lib/proof/tree";
import { verifyProof } from "@/lib/proof/verify";

const sha256 = async (bytes: Uint8Array) => new Uint8Array(createHash("sha256").update(bytes).digest());
const ASSETS = [
  { code: "BTC", decimals: 8 },
  { code: "USDT", decimals: 6 },
  { code: "XAUT", decimals: 6 },
];

const leafArb = fc.record({
  nonce: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  accountId: fc.uuid({ version: 7 }),
  balances: fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 3, maxLength: 3 }),
});
const leavesArb = fc.array(leafArb, { minLength: 1, maxLength: 40 });

function proofsOf(leaves: LeafInput[]): ProofFile[] {
  const levels = buildLevels(leaves.map(leafNode));
  const root = levels[levels.length - 1]![0]!;
  const header = { id: "0190f5c2-0000-7000-8000-000000000001", takenAt: new Date("2026-11-25T00:00:00Z"), rootHash: hexOf(root.hash), totals: root.sums, accountCount: leaves.length, assets: ASSETS };
  return leaves.map((leaf, i) => assembleProof(header, leaf, pathIn(levels, i)));
}

const failedStep = (v: { ok: boolean; steps: { label: string; ok: boolean }[] }) => (v.ok ? null : v.steps[v.steps.length - 1]!.label);
const clone = (p: ProofFile): ProofFile => JSON.parse(JSON.stringify(p));
/** One unit more of `code` in an amounts record: the smallest change there is. */
function bump(amounts: Record<string, string>, code: string) {
  const decimals = ASSETS.find((a) => a.code === code)!.decimals;
  const units = BigInt(amounts[code]!.replace(".", "")) + 1n;
  const digits = units.toString().padStart(decimals + 1, "0");
  amounts[code] = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

describe("the Merkle sum tree", () => {
  it("gives every account a path that verifies against the root, and a root summing the inputs", async () => {
    await fc.assert(
      fc.asyncProperty(leavesArb, async (leaves) => {
        const levels = buildLevels(leaves.map(leafNode));
        const root = levels[levels.length - 1]![0]!;
        expect(root.sums).toEqual([0, 1, 2].map((k) => leaves.reduce((t, l) => t + l.balances[k]!, 0n)));
        const proofs = proofsOf(leaves);
        for (const proof of proofs) {
          const v = await verifyProof(proof, sha256, proof.snapshot.rootHash);
          expect(v.ok, JSON.stringify(v.steps.filter((s) => !s.ok))).toBe(true);
          // O(log n): one step per level at most.
          expect(proof.path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(leaves.length)));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("fails, naming the step, when any balance, the nonce, a sibling hash or a sibling sum changes", async () => {
    const tamper = fc.oneof(fc.constant("balance" as const), fc.constant("nonce" as const), fc.constant("id" as const), fc.constant("sibling hash" as const), fc.constant("sibling sum" as const), fc.constant("side" as const));
    await fc.assert(
      fc.asyncProperty(fc.array(leafArb, { minLength: 2, maxLength: 40 }), fc.nat(), fc.nat(), fc.constantFrom("BTC", "USDT", "XAUT"), tamper, async (leaves, pick, level, asset, what) => {
        const proof = clone(proofsOf(leaves)[pick % leaves.length]!);
        const at = level % proof.path.length;
        const step = proof.path[at]!;
        if (what === "balance") bump(proof.account.balances, asset);
        if (what === "nonce") proof.account.nonce = (proof.account.nonce[0] === "0" ? "1" : "0") + proof.account.nonce.slice(1);
        if (what === "id") proof.account.id = (proof.account.id[0] === "0" ? "1" : "0") + proof.account.id.slice(1);
        if (what === "sibling hash") step.hash = (step.hash[63] === "0" ? step.hash.slice(0, 63) + "1" : step.hash.slice(0, 63) + "0");
        if (what === "sibling sum") bump(step.sums, asset);
        if (what === "side") step.side = step.side === "left" ? "right" : "left";
        const v = await verifyProof(proof, sha256);
        expect(v.ok).toBe(false);
        const expected = ["balance", "nonce", "id"].includes(what) ? "Your leaf" : `Step ${at + 1} of ${proof.path.length} of the path`;
        expect(failedStep(v)).toBe(expected);
      }),
      { numRuns: 150 },
    );
  });

  it("fails at the root when the path is changed consistently, and at the published root for another root", async () => {
    const leaves = fc.sample(leafArb, 5);
    const proof = clone(proofsOf(leaves)[2]!);
    // Whoever recomputes every hash after raising a balance still ends at a root that is not the published one.
    bump(proof.account.balances, "USDT");
    const forged = assembleProof(
      { id: proof.snapshot.id, takenAt: new Date(proof.snapshot.takenAt), rootHash: proof.snapshot.rootHash, totals: [0n, 0n, 0n], accountCount: 5, assets: ASSETS },
      { ...leaves[2]!, balances: [leaves[2]!.balances[0]!, leaves[2]!.balances[1]! + 1n, leaves[2]!.balances[2]!] },
      pathIn(buildLevels(leaves.map(leafNode)), 2),
    );
    forged.snapshot.totals = proofsOf(leaves)[2]!.snapshot.totals;
    expect(failedStep(await verifyProof(forged, sha256))).toBe("The root");

    const honest = proofsOf(leaves)[2]!;
    const wrongTotals = clone(honest);
    bump(wrongTotals.snapshot.totals, "XAUT");
    expect(failedStep(await verifyProof(wrongTotals, sha256))).toBe("The root");
    expect(failedStep(await verifyProof(honest, sha256, "ab".repeat(32)))).toBe("The published root");
    expect((await verifyProof(honest, sha256, honest.snapshot.rootHash)).ok).toBe(true);
    expect(failedStep(await verifyProof({ ...honest, format: "something else" }, sha256))).toBe("Read the proof file");
    expect(failedStep(await verifyProof("not even an object", sha256))).toBe("Read the proof file");
  });

  it("refuses a negative sum, or one past 2^64 - 1, wherever it appears", async () => {
    const a = leafNode({ nonce: new Uint8Array(32), accountId: "0190f5c2-0000-7000-8000-00000000000a", balances: [5n] });
    expect(() => leafNode({ nonce: new Uint8Array(32), accountId: "0190f5c2-0000-7000-8000-00000000000a", balances: [-1n] })).toThrow(ProofEncodingError);
    expect(() => parentNode(a, { hash: a.hash, sums: [-1n] })).toThrow(ProofEncodingError);
    expect(() => parentNode({ hash: a.hash, sums: [MAX_SUM] }, a)).toThrow(ProofEncodingError);
    expect(() => parentNode({ hash: a.hash, sums: [MAX_SUM - 5n] }, a)).not.toThrow();

    // A negative sum in a proof is refused at its step, even when its hash was made to match.
    const proof = clone(proofsOf(fc.sample(leafArb, 4))[0]!);
    proof.path[0]!.sums.USDT = "-1.000000";
    const v = await verifyProof(proof, sha256);
    expect(failedStep(v)).toBe(`Step 1 of ${proof.path.length} of the path`);
    expect(v.steps[v.steps.length - 1]!.detail).toMatch(/USDT/);
  });
});

describe("the worked example of docs/PROOF-OF-LIABILITIES.md", () => {
  const example = JSON.parse(readFileSync("docs/proof-worked-example.json", "utf8")) as ProofFile;
  const nonce = (byte: number) => new Uint8Array(32).fill(byte);
  const leaves: LeafInput[] = [
    { nonce: nonce(0x11), accountId: "0190f5c2-0000-7000-8000-00000000000a", balances: [1_250_500_000n, 750_000n] },
    { nonce: nonce(0x22), accountId: "0190f5c2-0000-7000-8000-00000000000b", balances: [300_000_001n, 2_125_000n] },
    { nonce: nonce(0x33), accountId: "0190f5c2-0000-7000-8000-00000000000c", balances: [49_499_999n, 0n] },
  ];

  it("encodes byte for byte as the document shows", () => {
    expect(hexOf(leafPreimage(leaves[1]!.nonce, leaves[1]!.accountId, leaves[1]!.balances))).toBe(
      "00" + "22".repeat(32) + "0190f5c200007000800000000000000b" + "0000000011e1a301" + "0000000000206cc8",
    );
    const [a, b, c] = leaves.map(leafNode) as [ReturnType<typeof leafNode>, ReturnType<typeof leafNode>, ReturnType<typeof leafNode>];
    expect(hexOf(a.hash)).toBe("234a9d65b8a126a0f23fc1eb0e62dbd200dd0525c0d567dbf4c03e5071606e4e");
    expect(hexOf(b.hash)).toBe("49041a9f8dd2f385aecd4001fb21bb7662ef2783a95ee199bd3fda4fb9168d2d");
    expect(hexOf(c.hash)).toBe("dc861710249bcb6c4790cb520a1fbb672804a6e2391c2a85ef35314a7fc81b8e");
    expect(hexOf(nodePreimage(a, b)).slice(0, 2 + 64 + 32)).toBe("01" + hexOf(a.hash) + "000000004a891da0" + "00000000000b71b0");
    const levels = buildLevels([a, b, c]);
    expect(levels.map((l) => l.length)).toEqual([3, 2, 1]);
    // C has no partner on the first level: it moves up unchanged.
    expect(levels[1]![1]).toBe(c);
    expect(hexOf(levels[1]![0]!.hash)).toBe("12afcdb59ab81a40757c8b5081519c2aaa43533c172518e648ab52a6c44dccbc");
    expect(hexOf(levels[2]![0]!.hash)).toBe("bb77dbc7fdaa0a6de667d9ce26e41cba6b4a872028b6d3cf48b18782c88a248d");
    expect(levels[2]![0]!.sums).toEqual([1_600_000_000n, 2_875_000n]);
  });

  it("is account B's proof file, and it verifies in the code the browser runs", async () => {
    const levels = buildLevels(leaves.map(leafNode));
    const header = { id: example.snapshot.id, takenAt: new Date(example.snapshot.takenAt), rootHash: example.snapshot.rootHash, totals: [1_600_000_000n, 2_875_000n], accountCount: 3, assets: example.assets };
    expect(assembleProof(header, leaves[1]!, pathIn(levels, 1))).toEqual(example);
    const v = await verifyProof(example, sha256, "bb77dbc7fdaa0a6de667d9ce26e41cba6b4a872028b6d3cf48b18782c88a248d");
    expect(v).toMatchObject({ ok: true });
    expect(v.steps.map((s) => s.label)).toEqual(["Read the proof file", "Your leaf", "Step 1 of 2 of the path", "Step 2 of 2 of the path", "The root", "The published root"]);
  });
});
