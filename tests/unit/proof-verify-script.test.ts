import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { ProofFile } from "@/lib/proof/proof-file";

const run = promisify(execFile);
const SCRIPT = "scripts/proof-verify.ts";
const EXAMPLE = "docs/proof-worked-example.json";
const ROOT = "334cecc9e33b8b41d3e3872c172b2800adcc06458fb716ee26c127616eaa5ef0";
const B = "0190f5c2-0000-7000-8000-00000000000b";

async function verify(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", SCRIPT, ...args]);
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

function tampered(change: (proof: ProofFile) => void): string {
  const proof = JSON.parse(readFileSync(EXAMPLE, "utf8")) as ProofFile;
  change(proof);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "proof-")), "proof.json");
  writeFileSync(file, JSON.stringify(proof));
  return file;
}

describe("npm run proof:verify", () => {
  it("is one file that imports nothing but node: modules, so it can be copied out and run", () => {
    const imports = [...readFileSync(SCRIPT, "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((m) => !m!.startsWith("node:"))).toEqual([]);
  });

  it("passes the worked example, with and without the published root", async () => {
    const withRoot = await verify(EXAMPLE, "--root", ROOT, "--user", B);
    expect(withRoot).toMatchObject({ code: 0 });
    expect(withRoot.out).toContain("✓ The leaf is yours");
    expect(withRoot.out).toContain("included in the published total");
    expect((await verify(EXAMPLE)).code).toBe(0);
  }, 60_000);

  it("exits 1 naming the failing step for a changed balance, sibling sum or root", async () => {
    const balance = await verify(tampered((p) => (p.account.balances.XAUT = "2.125001")));
    expect(balance.code).toBe(1);
    expect(balance.out).toMatch(/✗ Your leaf: /);

    const sibling = await verify(tampered((p) => (p.path[1]!.sums.USDT = "49.499998")));
    expect(sibling.code).toBe(1);
    expect(sibling.out).toMatch(/✗ Step 2 of 2 of the path: /);

    const negative = await verify(tampered((p) => (p.path[0]!.sums.USDT = "-1250.500000")));
    expect(negative.code).toBe(1);
    expect(negative.out).toMatch(/✗ Step 1 of 2 of the path: .*USDT/);

    const notMine = await verify(EXAMPLE, "--user", "0190f5c2-0000-7000-8000-00000000000a");
    expect(notMine.code).toBe(1);
    expect(notMine.out).toMatch(/✗ The leaf is yours: .*this leaf is not yours/);

    // The root commits to the audit head: a file whose head was changed no longer reaches its root.
    const head = await verify(tampered((p) => (p.snapshot.auditHead = `2:${p.snapshot.auditHead!.slice(2)}`)));
    expect(head.code).toBe(1);
    expect(head.out).toMatch(/✗ The root: the path's top [0-9a-f]{64} with audit head #2 /);

    const otherRoot = await verify(EXAMPLE, "--root", "00".repeat(32));
    expect(otherRoot.code).toBe(1);
    expect(otherRoot.out).toMatch(/✗ The published root: /);
  }, 60_000);

  it("exits 2 on bad usage", async () => {
    expect((await verify()).code).toBe(2);
    expect((await verify(EXAMPLE, "--root")).code).toBe(2);
    expect((await verify(EXAMPLE, "--user")).code).toBe(2);
  }, 60_000);
});
