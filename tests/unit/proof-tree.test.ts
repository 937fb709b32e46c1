import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assembleProof } from "@/lib/proof/assemble";
import {
  hexOf,
  leafIdPreimage,
  leafPreimage,
  MAX_SUM,
  nodePreimage,
  ProofEncodingError,
  rootPreimage,
} from "@/lib/proof/encoding";
import type { ProofFile } from "@/lib/proof/proof-file";
import { buildLevels, leafIdOf, leafNode, parentNode, pathIn, publishedRoot, type LeafInput } from "@/lib/proof/tree";
import { verifyProof } from "@/lib/proof/verify";

const sha256 = async (bytes: Uint8Array) => new Uint8Array(createHash("sha256").update(bytes).digest());
const ASSETS = [
  { code: "BTC", decimals: 8 },
  { code: "USDT", decimals: 6 },
  { code: "XAUT", decimals: 6 },
];

const leafArb = fc.record({
  nonce: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  leafId: fc.uint8Array({ minLength: 16, maxLength: 16 }).map(hexOf),
  balances: fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 3, maxLength: 3 }),
});
const leavesArb = fc.array(leafArb, { minLength: 1, maxLength: 40 });
const AUDIT_HEAD = "1204:8433544754689b63aa0f6d3c1e2b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3";

function proofsOf(leaves: LeafInput[]): ProofFile[] {
  const levels = buildLevels(leaves.map(leafNode));
  const top = levels[levels.length - 1]![0]!;
  const audit = { seq: 1204, hash: AUDIT_HEAD.slice(5) };
  const header = {
    id: "0190f5c2-0000-7000-8000-000000000001",
    takenAt: new Date("2026-11-25T00:00:00Z"),
    rootHash: hexOf(publishedRoot(top, audit)),
    totals: top.sums,
    accountCount: leaves.length,
    assets: ASSETS,
    auditHead: AUDIT_HEAD,
  };
  return leaves.map((leaf, i) => assembleProof(header, leaf, pathIn(levels, i)));
}

const failedStep = (v: { ok: boolean; steps: { label: string; ok: boolean }[] }) =>
  v.ok ? null : v.steps[v.steps.length - 1]!.label;
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
    const tamper = fc.oneof(
      fc.constant("balance" as const),
      fc.constant("nonce" as const),
      fc.constant("id" as const),
      fc.constant("sibling hash" as const),
      fc.constant("sibling sum" as const),
      fc.constant("side" as const),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(leafArb, { minLength: 2, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom("BTC", "USDT", "XAUT"),
        tamper,
        async (leaves, pick, level, asset, what) => {
          const proof = clone(proofsOf(leaves)[pick % leaves.length]!);
          const at = level % proof.path.length;
          const step = proof.path[at]!;
          if (what === "balance") bump(proof.account.balances, asset);
          if (what === "nonce")
            proof.account.nonce = (proof.account.nonce[0] === "0" ? "1" : "0") + proof.account.nonce.slice(1);
          if (what === "id")
            proof.account.leaf = (proof.account.leaf[0] === "0" ? "1" : "0") + proof.account.leaf.slice(1);
          if (what === "sibling hash")
            step.hash = step.hash[63] === "0" ? step.hash.slice(0, 63) + "1" : step.hash.slice(0, 63) + "0";
          if (what === "sibling sum") bump(step.sums, asset);
          if (what === "side") step.side = step.side === "left" ? "right" : "left";
          const v = await verifyProof(proof, sha256);
          expect(v.ok).toBe(false);
          const expected = ["balance", "nonce", "id"].includes(what)
            ? "Your leaf"
            : `Step ${at + 1} of ${proof.path.length} of the path`;
          expect(failedStep(v)).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("fails at the root when the path is changed consistently, and at the published root for another root", async () => {
    const leaves = fc.sample(leafArb, 5);
    const proof = clone(proofsOf(leaves)[2]!);
    // Whoever recomputes every hash after raising a balance still ends at a root that is not the published one.
    bump(proof.account.balances, "USDT");
    const forged = assembleProof(
      {
        id: proof.snapshot.id,
        takenAt: new Date(proof.snapshot.takenAt),
        rootHash: proof.snapshot.rootHash,
        totals: [0n, 0n, 0n],
        accountCount: 5,
        assets: ASSETS,
        auditHead: AUDIT_HEAD,
      },
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

    // The root commits to the audit head: another head (or none) under the same tree is another root.
    for (const auditHead of [AUDIT_HEAD.replace("1204:", "1203:"), `1204:${"0".repeat(64)}`, null]) {
      const moved = { ...clone(honest), snapshot: { ...honest.snapshot, auditHead } };
      expect(failedStep(await verifyProof(moved, sha256)), String(auditHead)).toBe("The root");
    }
    const garbled = { ...clone(honest), snapshot: { ...honest.snapshot, auditHead: "1204:XYZ" } };
    expect(await verifyProof(garbled, sha256)).toMatchObject({
      ok: false,
      steps: expect.arrayContaining([
        expect.objectContaining({ label: "The root", detail: expect.stringContaining("an audit head is seq:hash") }),
      ]),
    });
  });

  it("names no user: the leaf id is the owner's only to whoever knows their user id", async () => {
    const userId = "0190f5c2-0000-7000-8000-00000000000b";
    const other = "0190f5c2-0000-7000-8000-00000000000c";
    const nonce = new Uint8Array(32).fill(7);
    const leaves = [...fc.sample(leafArb, 3), { nonce, leafId: leafIdOf(nonce, userId), balances: [1n, 2n, 3n] }];
    const proof = proofsOf(leaves)[3]!;
    expect(JSON.stringify(proof)).not.toContain(userId.replace(/-/g, "").slice(-12));
    expect(proof.account.leaf).toBe(hexOf(await sha256(leafIdPreimage(nonce, userId))).slice(0, 32));
    const mine = await verifyProof(proof, sha256, proof.snapshot.rootHash, userId);
    expect(mine.ok).toBe(true);
    expect(mine.steps.map((s) => s.label)).toContain("The leaf is yours");
    const theirs = await verifyProof(proof, sha256, proof.snapshot.rootHash, other);
    expect(failedStep(theirs)).toBe("The leaf is yours");
    // Another user with the same balances has another leaf: the server cannot show both the same one.
    expect(leafIdOf(nonce, other)).not.toBe(proof.account.leaf);
  });

  it("refuses a file naming an asset the snapshot does not have", async () => {
    const honest = proofsOf(fc.sample(leafArb, 3))[0]!;
    for (const [where, change] of [
      ["Your leaf", (p: ProofFile) => (p.account.balances.DOGE = "1.000000")],
      ["Step 1 of", (p: ProofFile) => (p.path[0]!.sums.DOGE = "0.000000")],
      ["The root", (p: ProofFile) => (p.snapshot.totals.DOGE = "0.000000")],
    ] as const) {
      const file = clone(honest);
      change(file);
      const v = await verifyProof(file, sha256);
      expect(failedStep(v)!.startsWith(where), where).toBe(true);
      expect(v.steps.at(-1)!.detail).toMatch(/name an asset the snapshot does not have: DOGE$/);
    }
  });

  it("refuses a negative sum, or one past 2^64 - 1, wherever it appears", async () => {
    const a = leafNode({ nonce: new Uint8Array(32), leafId: "0190f5c200007000800000000000000a", balances: [5n] });
    expect(() =>
      leafNode({ nonce: new Uint8Array(32), leafId: "0190f5c200007000800000000000000a", balances: [-1n] }),
    ).toThrow(ProofEncodingError);
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
  const users = [
    "0190f5c2-0000-7000-8000-00000000000a",
    "0190f5c2-0000-7000-8000-00000000000b",
    "0190f5c2-0000-7000-8000-00000000000c",
  ];
  const leaves: LeafInput[] = [
    { nonce: nonce(0x11), leafId: leafIdOf(nonce(0x11), users[0]!), balances: [1_250_500_000n, 750_000n] },
    { nonce: nonce(0x22), leafId: leafIdOf(nonce(0x22), users[1]!), balances: [300_000_001n, 2_125_000n] },
    { nonce: nonce(0x33), leafId: leafIdOf(nonce(0x33), users[2]!), balances: [49_499_999n, 0n] },
  ];
  const audit = { seq: 1, hash: "ae4669b6e18d2ee04e250f1706b504e26eed786da2ef748da4c7ac72ca761257" };
  const ROOT = "334cecc9e33b8b41d3e3872c172b2800adcc06458fb716ee26c127616eaa5ef0";

  it("encodes byte for byte as the document shows", () => {
    expect(hexOf(leafIdPreimage(nonce(0x22), users[1]!))).toBe(
      "04" + "22".repeat(32) + "0190f5c200007000800000000000000b",
    );
    expect(leaves.map((l) => l.leafId)).toEqual([
      "12b87bf2979886f7339c7b3a965a26e5",
      "bcc344972784ee43bd07778ae2a1788d",
      "b6b4302827aa19b3b7a0f42e9ba60a50",
    ]);
    expect(hexOf(leafPreimage(leaves[1]!.nonce, leaves[1]!.leafId, leaves[1]!.balances))).toBe(
      "00" + "22".repeat(32) + "bcc344972784ee43bd07778ae2a1788d" + "0000000011e1a301" + "0000000000206cc8",
    );
    const [a, b, c] = leaves.map(leafNode) as [
      ReturnType<typeof leafNode>,
      ReturnType<typeof leafNode>,
      ReturnType<typeof leafNode>,
    ];
    expect(hexOf(a.hash)).toBe("10185d9349d083831eee2cd4a25735b87ab9cd5dda71d08949db851cdced0b33");
    expect(hexOf(b.hash)).toBe("92dec9ac14fa76bb7a368861dc2596cc32bc0f11fde76ead3ee5089ab65b358f");
    expect(hexOf(c.hash)).toBe("9a3d17cb5b0a886288c2524ea53c64efa7918252881340f40d1a8a8b62ae8a78");
    expect(hexOf(nodePreimage(a, b)).slice(0, 2 + 64 + 32)).toBe(
      "01" + hexOf(a.hash) + "000000004a891da0" + "00000000000b71b0",
    );
    const levels = buildLevels([a, b, c]);
    expect(levels.map((l) => l.length)).toEqual([3, 2, 1]);
    // C has no partner on the first level: it moves up unchanged.
    expect(levels[1]![1]).toBe(c);
    expect(hexOf(levels[1]![0]!.hash)).toBe("ffb965b260d989924415abb0189b63b5137ec82047145368689e1551653a72db");
    const top = levels[2]![0]!;
    expect(hexOf(top.hash)).toBe("41be3073509d763631bae41778bd8261adc0c10fbb1aab73948d1d1d4ee3ff9a");
    expect(top.sums).toEqual([1_600_000_000n, 2_875_000n]);
    expect(hexOf(rootPreimage(top, audit))).toBe(
      "03" + hexOf(top.hash) + "000000005f5e1000" + "00000000002bde78" + "0000000000000001" + audit.hash,
    );
    expect(hexOf(publishedRoot(top, audit))).toBe(ROOT);
  });

  it("is account B's proof file, and it verifies in the code the browser runs", async () => {
    const levels = buildLevels(leaves.map(leafNode));
    const header = {
      id: example.snapshot.id,
      takenAt: new Date(example.snapshot.takenAt),
      rootHash: ROOT,
      totals: [1_600_000_000n, 2_875_000n],
      accountCount: 3,
      assets: example.assets,
      auditHead: `${audit.seq}:${audit.hash}`,
    };
    expect(assembleProof(header, leaves[1]!, pathIn(levels, 1))).toEqual(example);
    const v = await verifyProof(example, sha256, ROOT, users[1]);
    expect(v).toMatchObject({ ok: true });
    expect(v.steps.map((s) => s.label)).toEqual([
      "Read the proof file",
      "Your leaf",
      "The leaf is yours",
      "Step 1 of 2 of the path",
      "Step 2 of 2 of the path",
      "The root",
      "The published root",
    ]);
  });
});
