/**
 * Aurum proof-of-liabilities verifier: checks that a proof file's balances are included in the
 * published root. One self-contained file on purpose (Node ≥ 20, nothing but node: modules), so
 * anyone can copy it out of the repository and run it:
 *
 *   npx tsx proof-verify.ts proof.json [--root <published root hex>] [--user <your user id>]
 *
 * With --user it also checks that the file's leaf is yours (the file itself names no user).
 * Exit 0: the proof holds. Exit 1: a step failed (it is named). Exit 2: bad usage.
 * The encoding it checks is docs/PROOF-OF-LIABILITIES.md, byte for byte.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

const FORMAT = "aurum-proof-of-liabilities/2";
const MAX_SUM = (1n << 64n) - 1n;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LEAF_ID = /^[0-9a-f]{32}$/;
const AUDIT_HEAD = /^([1-9][0-9]{0,15}):([0-9a-f]{64})$/;

type Asset = { code: string; decimals: number };
type Node = { hash: Buffer; sums: bigint[] };

class Failure extends Error {}

const sha256 = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
const obj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function hex(value: unknown, bytes: number, what: string): Buffer {
  if (typeof value !== "string" || !new RegExp(`^[0-9a-f]{${2 * bytes}}$`).test(value))
    throw new Failure(`${what} is not ${bytes} bytes of lowercase hex`);
  return Buffer.from(value, "hex");
}

/** "12.5" with 6 decimals → 12500000n; plain non-negative decimals only. */
function units(value: unknown, decimals: number, what: string): bigint {
  const m = typeof value === "string" ? /^(\d+)(?:\.(\d+))?$/.exec(value) : null;
  if (!m || (m[2] ?? "").length > decimals)
    throw new Failure(
      `${what} (${JSON.stringify(value)}) is not a non-negative amount with at most ${decimals} decimals`,
    );
  return BigInt(m[1]! + (m[2] ?? "").padEnd(decimals, "0"));
}

function amounts(value: unknown, assets: Asset[], what: string): bigint[] {
  if (!obj(value)) throw new Failure(`${what} are missing`);
  const extra = Object.keys(value).filter((k) => !assets.some((a) => a.code === k));
  if (extra.length) throw new Failure(`${what} name an asset the snapshot does not have: ${extra.join(", ")}`);
  return assets.map((a) => units(value[a.code], a.decimals, `${what}: ${a.code}`));
}

/** Each sum as 8 bytes, unsigned big-endian: a negative or too large one cannot be encoded. */
function sums(values: bigint[]): Buffer {
  const out = Buffer.alloc(8 * values.length);
  values.forEach((v, i) => {
    if (v < 0n || v > MAX_SUM) throw new Failure(`a sum (${v}) is outside 0 … 2^64 - 1`);
    out.writeBigUInt64BE(v, 8 * i);
  });
  return out;
}

const show = (values: bigint[], assets: Asset[]) =>
  assets
    .map((a, i) => {
      const digits = values[i]!.toString().padStart(a.decimals + 1, "0");
      return `${a.code} ${a.decimals ? `${digits.slice(0, -a.decimals)}.${digits.slice(-a.decimals)}` : digits}`;
    })
    .join(", ");

function verify(
  file: unknown,
  publishedRoot: string | undefined,
  userId: string | undefined,
  report: (ok: boolean, label: string, detail: string) => void,
): boolean {
  const step = <T>(label: string, work: () => [T, string]): T => {
    try {
      const [value, detail] = work();
      report(true, label, detail);
      return value;
    } catch (err) {
      report(false, label, err instanceof Error ? err.message : String(err));
      throw new Failure();
    }
  };
  try {
    const { assets, snapshot, account, path } = step("Read the proof file", () => {
      if (!obj(file) || file.format !== FORMAT)
        throw new Failure(`this is not a proof file (its format must be "${FORMAT}")`);
      if (!Array.isArray(file.assets) || file.assets.length === 0) throw new Failure("the file lists no assets");
      const assets = file.assets.map((a: unknown, i: number): Asset => {
        if (!obj(a) || typeof a.code !== "string" || !/^[A-Z0-9]{1,12}$/.test(a.code))
          throw new Failure(`asset ${i + 1} has no valid code`);
        if (typeof a.decimals !== "number" || !Number.isInteger(a.decimals) || a.decimals < 0 || a.decimals > 18)
          throw new Failure(`asset ${a.code} has no valid decimals`);
        return { code: a.code, decimals: a.decimals };
      });
      const { snapshot, account, path } = file;
      if (!obj(snapshot) || !obj(account) || !Array.isArray(path))
        throw new Failure("the file must have a snapshot, an account and a path");
      return [
        { assets, snapshot, account, path: path as unknown[] },
        `snapshot ${String(snapshot.id)}, ${assets.length} assets, a path of ${path.length} steps`,
      ];
    });

    let node = step("Your leaf", () => {
      const balances = amounts(account.balances, assets, "your balances");
      const nonce = hex(account.nonce, 32, "the nonce");
      if (typeof account.leaf !== "string" || !LEAF_ID.test(account.leaf))
        throw new Failure("the leaf id is not 16 bytes of lowercase hex");
      const hash = sha256(Buffer.of(0x00), nonce, Buffer.from(account.leaf, "hex"), sums(balances));
      if (hash.toString("hex") !== account.hash)
        throw new Failure(
          `your nonce, leaf id and balances hash to ${hash.toString("hex")}, not to the leaf hash in the file (${String(account.hash)}): one of them was changed`,
        );
      return [{ hash, sums: balances } as Node, `${show(balances, assets)} → ${hash.toString("hex")}`];
    });

    if (userId !== undefined) {
      step("The leaf is yours", () => {
        if (!UUID.test(userId)) throw new Failure("your user id is not a lowercase UUID");
        const mine = sha256(
          Buffer.of(0x04),
          hex(account.nonce, 32, "the nonce"),
          Buffer.from(userId.replace(/-/g, ""), "hex"),
        )
          .subarray(0, 16)
          .toString("hex");
        if (mine !== account.leaf)
          throw new Failure(
            `the leaf id for your user id and this nonce is ${mine}, not ${String(account.leaf)}: this leaf is not yours`,
          );
        return [null, `leaf ${mine} is your user id's`];
      });
    }

    for (const [i, s] of path.entries()) {
      const below = node;
      node = step(`Step ${i + 1} of ${path.length} of the path`, () => {
        if (!obj(s) || (s.side !== "left" && s.side !== "right"))
          throw new Failure("this step must name the sibling's side, left or right");
        const sibling: Node = {
          hash: hex(s.hash, 32, "the sibling's hash"),
          sums: amounts(s.sums, assets, "the sibling's sums"),
        };
        const total = below.sums.map((v, k) => v + sibling.sums[k]!);
        if (total.some((v) => v > MAX_SUM)) throw new Failure("a sum may not exceed 2^64 - 1");
        const [left, right] = s.side === "left" ? [sibling, below] : [below, sibling];
        const hash = sha256(Buffer.of(0x01), left.hash, sums(left.sums), right.hash, sums(right.sums));
        if (hash.toString("hex") !== s.result)
          throw new Failure(
            `joining the sibling on the ${s.side} gives ${hash.toString("hex")}, not the ${String(s.result)} in the file: this step's sibling hash or sums, or a step below it, was changed`,
          );
        return [{ hash, sums: total }, `with the sibling on the ${s.side} → ${hash.toString("hex")}`];
      });
    }

    step("The root", () => {
      // The published root commits to the audit chain's head at the snapshot: seq 0 and zeros for none.
      const head = snapshot.auditHead ?? null;
      const m = head === null ? null : AUDIT_HEAD.exec(String(head));
      if (head !== null && !m)
        throw new Failure(`an audit head is seq:hash (64 lowercase hex digits), not ${JSON.stringify(head)}`);
      const seq = Buffer.alloc(8);
      if (m) seq.writeBigUInt64BE(BigInt(m[1]!));
      const root = sha256(
        Buffer.of(0x03),
        node.hash,
        sums(node.sums),
        seq,
        m ? Buffer.from(m[2]!, "hex") : Buffer.alloc(32),
      ).toString("hex");
      const anchored = m ? `audit head #${m[1]} ${m[2]}` : "no audit head";
      if (root !== snapshot.rootHash)
        throw new Failure(
          `the path's top ${node.hash.toString("hex")} with ${anchored} gives the root ${root}, not the snapshot's root ${String(snapshot.rootHash)}`,
        );
      const totals = amounts(snapshot.totals, assets, "the snapshot's totals");
      if (assets.some((_, k) => totals[k] !== node.sums[k]))
        throw new Failure(
          `the path adds up to ${show(node.sums, assets)}, but the snapshot's totals say ${show(totals, assets)}`,
        );
      return [null, `${root}, with ${anchored}, totals ${show(totals, assets)}`];
    });

    if (publishedRoot !== undefined) {
      step("The published root", () => {
        if (snapshot.rootHash !== publishedRoot)
          throw new Failure(`this file's root ${String(snapshot.rootHash)} is not the published root ${publishedRoot}`);
        return [null, `${publishedRoot} is the root Aurum published`];
      });
    }
    return true;
  } catch (err) {
    if (err instanceof Failure) return false;
    throw err;
  }
}

/** The value after `name` (lowercased), and the arguments without both; undefined when absent, null when it has no value. */
function option(args: string[], name: string): [string | undefined | null, string[]] {
  const at = args.indexOf(name);
  if (at < 0) return [undefined, args];
  return [args[at + 1]?.toLowerCase() ?? null, args.filter((_, i) => i !== at && i !== at + 1)];
}

function main(): number {
  const [root, rest] = option(process.argv.slice(2), "--root");
  const [user, files] = option(rest, "--user");
  if (files.length !== 1 || root === null || user === null || files[0]!.startsWith("-")) {
    console.error("usage: proof-verify <proof.json> [--root <published root hex>] [--user <your user id>]");
    return 2;
  }
  let file: unknown;
  try {
    file = JSON.parse(readFileSync(files[0]!, "utf8"));
  } catch (err) {
    console.error(`✗ cannot read ${files[0]} as JSON: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const ok = verify(file, root, user, (passed, label, detail) =>
    (passed ? console.log : console.error)(`${passed ? "✓" : "✗"} ${label}: ${detail}`),
  );
  if (ok)
    console.log(
      root
        ? "The balances in this proof are included in the published total."
        : "The balances in this proof are included in the total of the root in the file; pass --root with the root Aurum published to check that too.",
    );
  else console.error("The proof does not hold: see the step marked ✗.");
  return ok ? 0 : 1;
}

process.exitCode = main();
