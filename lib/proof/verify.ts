import { formatAmount, toUnits } from "@/lib/core/amount";
import {
  addSums,
  bytesOfHex,
  hexOf,
  LEAF_ID_BYTES,
  leafIdPreimage,
  leafPreimage,
  nodePreimage,
  NONCE_BYTES,
  parseAuditHead,
  rootPreimage,
  type TreeNode,
} from "./encoding";
import { PROOF_FORMAT, type ProofFile } from "./proof-file";

/** SHA-256, given by the caller: WebCrypto in the browser, node:crypto in tests. */
export type Sha256 = (bytes: Uint8Array) => Promise<Uint8Array>;

export interface VerificationStep {
  label: string;
  ok: boolean;
  detail: string;
}

export interface Verification {
  ok: boolean;
  /** The steps checked, in order; on a failure the last one is the step that failed. */
  steps: VerificationStep[];
}

class StepFailed extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LEAF_ID = new RegExp(`^[0-9a-f]{${2 * LEAF_ID_BYTES}}$`);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function units(text: unknown, decimals: number, what: string): bigint {
  if (typeof text !== "string") throw new StepFailed(`${what} is missing`);
  try {
    return toUnits(text, decimals);
  } catch (err) {
    throw new StepFailed(`${what} (${JSON.stringify(text)}): ${err instanceof Error ? err.message : String(err)}`);
  }
}

function amounts(value: unknown, assets: ProofFile["assets"], what: string): bigint[] {
  if (!isRecord(value)) throw new StepFailed(`${what} are missing`);
  const extra = Object.keys(value).filter((k) => !assets.some((a) => a.code === k));
  if (extra.length) throw new StepFailed(`${what} name an asset the snapshot does not have: ${extra.join(", ")}`);
  return assets.map((a) => units(value[a.code], a.decimals, `${what}: ${a.code}`));
}

function hex(value: unknown, length: number, what: string): Uint8Array {
  try {
    return bytesOfHex(String(value), length);
  } catch {
    throw new StepFailed(`${what} is not ${length} bytes of lowercase hex`);
  }
}

function format(sums: bigint[], assets: ProofFile["assets"]): string {
  return assets.map((a, i) => `${a.code} ${formatAmount(sums[i]!, a.decimals)}`).join(", ");
}

function readAssets(file: Record<string, unknown>): ProofFile["assets"] {
  const list = file.assets;
  if (!Array.isArray(list) || list.length === 0) throw new StepFailed("the file lists no assets");
  return list.map((a, i) => {
    if (!isRecord(a) || typeof a.code !== "string" || !/^[A-Z0-9]{1,12}$/.test(a.code))
      throw new StepFailed(`asset ${i + 1} has no valid code`);
    if (typeof a.decimals !== "number" || !Number.isInteger(a.decimals) || a.decimals < 0 || a.decimals > 18)
      throw new StepFailed(`asset ${a.code} has no valid decimals`);
    return { code: a.code, decimals: a.decimals };
  });
}

/**
 * Checks a proof file step by step, stopping at the first step that fails: the file's shape, the
 * leaf made from the account's nonce, leaf id and balances, (when `userId` is given) that the leaf id
 * is that user's, each level of the path up to the tree's root, the root made from it and the audit
 * head with the snapshot's totals, and (when `publishedRoot` is given) that it is the one Aurum published.
 */
export async function verifyProof(
  input: unknown,
  sha256: Sha256,
  publishedRoot?: string,
  userId?: string,
): Promise<Verification> {
  const steps: VerificationStep[] = [];
  async function check<T>(label: string, work: () => Promise<[T, string]>): Promise<T> {
    try {
      const [value, detail] = await work();
      steps.push({ label, ok: true, detail });
      return value;
    } catch (err) {
      steps.push({ label, ok: false, detail: err instanceof Error ? err.message : String(err) });
      throw new StepFailed();
    }
  }
  const hashOf = async (bytes: Uint8Array) => hexOf(await sha256(bytes));

  try {
    const { assets, snapshot, account, path } = await check("Read the proof file", async () => {
      if (!isRecord(input) || input.format !== PROOF_FORMAT)
        throw new StepFailed(`this is not a proof file (its format must be "${PROOF_FORMAT}")`);
      const assets = readAssets(input);
      const { snapshot, account, path } = input;
      if (!isRecord(snapshot) || !isRecord(account) || !Array.isArray(path))
        throw new StepFailed("the file must have a snapshot, an account and a path");
      return [
        { assets, snapshot, account, path: path as unknown[] },
        `snapshot ${String(snapshot.id)}, ${assets.length} assets, a path of ${path.length} steps`,
      ];
    });

    let node = await check("Your leaf", async () => {
      const balances = amounts(account.balances, assets, "your balances");
      const nonce = hex(account.nonce, NONCE_BYTES, "the nonce");
      if (typeof account.leaf !== "string" || !LEAF_ID.test(account.leaf))
        throw new StepFailed(`the leaf id is not ${LEAF_ID_BYTES} bytes of lowercase hex`);
      const computed = await hashOf(leafPreimage(nonce, account.leaf, balances));
      if (computed !== account.hash)
        throw new StepFailed(
          `your nonce, leaf id and balances hash to ${computed}, not to the leaf hash in the file (${String(account.hash)}): one of them was changed`,
        );
      return [
        { hash: hex(computed, 32, "the leaf hash"), sums: balances } as TreeNode,
        `${format(balances, assets)} → ${computed}`,
      ];
    });

    if (userId !== undefined) {
      await check("The leaf is yours", async () => {
        if (!UUID.test(userId)) throw new StepFailed("your user id is not a lowercase UUID");
        const mine = (await hashOf(leafIdPreimage(hex(account.nonce, NONCE_BYTES, "the nonce"), userId))).slice(
          0,
          2 * LEAF_ID_BYTES,
        );
        if (mine !== account.leaf)
          throw new StepFailed(
            `the leaf id for your user id and this nonce is ${mine}, not ${String(account.leaf)}: this leaf is not yours`,
          );
        return [null, `leaf ${mine} is your user id's`];
      });
    }

    for (const [i, s] of path.entries()) {
      const below = node;
      node = await check(`Step ${i + 1} of ${path.length} of the path`, async () => {
        if (!isRecord(s) || (s.side !== "left" && s.side !== "right"))
          throw new StepFailed("this step must name the sibling's side, left or right");
        const sibling: TreeNode = {
          hash: hex(s.hash, 32, "the sibling's hash"),
          sums: amounts(s.sums, assets, "the sibling's sums"),
        };
        let sums: bigint[];
        try {
          sums = addSums(below.sums, sibling.sums);
        } catch (err) {
          throw new StepFailed(err instanceof Error ? err.message : String(err));
        }
        const [left, right] = s.side === "left" ? [sibling, below] : [below, sibling];
        const computed = await hashOf(nodePreimage(left, right));
        if (computed !== s.result)
          throw new StepFailed(
            `joining the sibling on the ${s.side} gives ${computed}, not the ${String(s.result)} in the file: this step's sibling hash or sums, or a step below it, was changed`,
          );
        return [
          { hash: hex(computed, 32, "the parent hash"), sums },
          `with the sibling on the ${s.side} → ${computed}`,
        ];
      });
    }

    await check("The root", async () => {
      let audit;
      try {
        audit = parseAuditHead(snapshot.auditHead === undefined ? null : (snapshot.auditHead as string | null));
      } catch (err) {
        throw new StepFailed(err instanceof Error ? err.message : String(err));
      }
      const root = await hashOf(rootPreimage(node, audit));
      const head = audit ? `audit head #${audit.seq} ${audit.hash}` : "no audit head";
      if (root !== snapshot.rootHash)
        throw new StepFailed(
          `the path's top ${hexOf(node.hash)} with ${head} gives the root ${root}, not the snapshot's root ${String(snapshot.rootHash)}`,
        );
      const totals = amounts(snapshot.totals, assets, "the snapshot's totals");
      if (assets.some((_, i) => totals[i] !== node.sums[i]))
        throw new StepFailed(
          `the path adds up to ${format(node.sums, assets)}, but the snapshot's totals say ${format(totals, assets)}`,
        );
      return [null, `${root}, with ${head}, totals ${format(totals, assets)}`];
    });

    if (publishedRoot !== undefined) {
      await check("The published root", async () => {
        if (snapshot.rootHash !== publishedRoot)
          throw new StepFailed(
            `this file's root ${String(snapshot.rootHash)} is not the published root ${publishedRoot}`,
          );
        return [null, `${publishedRoot} is the root Aurum published`];
      });
    }
  } catch (err) {
    if (!(err instanceof StepFailed)) throw err;
    return { ok: false, steps };
  }
  return { ok: true, steps };
}
