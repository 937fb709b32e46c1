"use client";

import Link from "next/link";
import { useState } from "react";
import { Amount } from "@/components/amount";
import { api } from "@/components/hooks/session";
import { useSubmit } from "@/components/hooks/use-submit";
import type { ProofFile } from "@/lib/proof/proof-file";
import { verifyProof, type Verification } from "@/lib/proof/verify";
import { assetFullName } from "@/lib/core/format";

/** SHA-256 by the browser's own WebCrypto: nothing of Aurum's code computes the hashes that are checked. */
async function webSha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}

/** The words of a check that threw: its own, or `otherwise`. */
const said = (err: unknown, otherwise: string) => (err instanceof Error ? err.message : otherwise);

const NO_WEBCRYPTO =
  "This browser only checks proofs over a secure (https) connection. Download your proof and check it with the verifier script instead.";

function Steps({ result, testId, passed }: { result: Verification; testId: string; passed: string }) {
  const failed = result.steps.find((s) => !s.ok);
  return (
    <div className="space-y-3" data-testid={testId}>
      <p
        role="status"
        className={`rounded-lg px-3 py-2 text-sm font-semibold ${result.ok ? "bg-success/10 text-success" : "bg-danger/10 text-danger"}`}
        data-testid={`${testId}-outcome`}
      >
        {result.ok ? passed : `The proof failed at: ${failed?.label}.`}
      </p>
      <ol className="space-y-1.5 text-sm">
        {result.steps.map((s, i) => (
          <li key={i} className="flex gap-2">
            <span aria-hidden="true" className={s.ok ? "text-success" : "text-danger"}>
              {s.ok ? "✓" : "✗"}
            </span>
            <span className="min-w-0">
              <span className="font-medium text-zinc-100">{s.label}</span>
              <span className="sr-only">{s.ok ? " passed" : " failed"}</span>
              <span className="block break-all font-mono text-xs text-muted">{s.detail}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function download(proof: ProofFile) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(proof, null, 2)], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `aurum-proof-${proof.snapshot.takenAt.slice(0, 10)}-${proof.snapshot.id.slice(0, 8)}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/** Signed in: fetches the user's proof for the snapshot, checks it here against the published root and that its leaf is the user's, and offers it as a file. */
export function VerifyMyBalance({
  snapshotId,
  rootHash,
  userId,
}: {
  snapshotId: string;
  rootHash: string;
  userId: string | null;
}) {
  const [error, setError] = useState<string | null>(null);
  const [proof, setProof] = useState<ProofFile | null>(null);
  const [result, setResult] = useState<Verification | null>(null);
  const { busy, run } = useSubmit((err) => setError(said(err, "Your proof could not be loaded. Please try again.")));

  if (userId === null) {
    return (
      <p className="text-sm text-zinc-300">
        <Link
          href="/login?next=/proof-of-reserves"
          className="text-gold underline decoration-gold/40 underline-offset-2 hover:text-gold-soft"
        >
          Sign in
        </Link>{" "}
        to check that your own balances are in this total.
      </p>
    );
  }

  const check = () =>
    run(async () => {
      setError(null);
      setResult(null);
      if (!globalThis.crypto?.subtle) throw new Error(NO_WEBCRYPTO);
      const { status, body } = await api<ProofFile & { message?: string }>(`/api/proof/snapshots/${snapshotId}/me`);
      if (status !== 200) throw new Error(body.message ?? "Your proof could not be loaded. Please try again.");
      setProof(body);
      // With the user id: the leaf must be this user's, not anybody's whose balances happen to match.
      setResult(await verifyProof(body, webSha256, rootHash, userId));
    });

  return (
    <div className="space-y-4">
      <button type="button" className="btn-gold sm:w-auto sm:px-6" onClick={() => void check()} disabled={busy}>
        {busy ? "Checking…" : "Verify my balances"}
      </button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {proof && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold uppercase tracking-widest text-muted">Your balances at this snapshot</h3>
          <dl className="divide-y divide-line rounded-lg bg-raised px-3" data-testid="my-balances">
            {proof.assets.map((a) => (
              <div key={a.code} className="flex items-baseline justify-between gap-4 py-2 text-sm">
                <dt className="text-zinc-300">{assetFullName(a.code)}</dt>
                <dd>
                  <Amount value={proof.account.balances[a.code]!} asset={a.code} />
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted">
            Everything Aurum owes you in each asset: available, on hold, savings, vault and strategy budgets together.
          </p>
        </div>
      )}
      {result && (
        <Steps result={result} testId="my-verification" passed="Your balances are included in the published total." />
      )}
      {proof && (
        <button type="button" className="btn-ghost" onClick={() => download(proof)}>
          Download my proof
        </button>
      )}
    </div>
  );
}

/** A chosen file's text, read by the browser: the file never leaves the device. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error("That file could not be read. Please choose it again."));
    reader.readAsText(file);
  });
}

/**
 * Anyone: choose a downloaded proof file (or paste its JSON) and check it against the root Aurum
 * published for its snapshot. Choosing the file checks it at once.
 */
export function CheckProofFile() {
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Verification | null>(null);
  const { busy, run } = useSubmit((err) => setError(said(err, "The proof could not be checked. Please try again.")));

  const check = (read: () => Promise<string>) =>
    run(async () => {
      setError(null);
      setResult(null);
      const json = await read();
      if (!globalThis.crypto?.subtle) throw new Error(NO_WEBCRYPTO);
      let file: unknown;
      try {
        file = JSON.parse(json);
      } catch {
        throw new Error("That is not a proof file: choose the JSON file of a downloaded proof.");
      }
      const id = (file as { snapshot?: { id?: unknown } })?.snapshot?.id;
      const published =
        typeof id === "string" && /^[0-9a-f-]{36}$/.test(id)
          ? await api<{ snapshot?: { rootHash: string } }>(`/api/proof/snapshots/${id}`)
          : null;
      const root = published?.status === 200 ? published.body.snapshot!.rootHash : undefined;
      const verification = await verifyProof(file, webSha256, root);
      if (verification.ok && root === undefined) {
        verification.ok = false;
        verification.steps.push({
          label: "The published root",
          ok: false,
          detail: `Aurum published no snapshot ${String(id)}: the file agrees only with itself`,
        });
      }
      setResult(verification);
    });

  const choose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file may be chosen again after a change: let the input fire for it.
    e.target.value = "";
    if (!file) return;
    setChosen(file.name);
    void check(() => readText(file));
  };

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor="proof-upload" className="label">
          Proof file (JSON)
        </label>
        <input
          id="proof-upload"
          type="file"
          accept="application/json,.json"
          onChange={choose}
          disabled={busy}
          aria-describedby="proof-upload-hint"
          className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border file:border-gold/60 file:bg-transparent file:px-4 file:py-2 file:text-sm file:font-medium file:text-gold-soft hover:file:border-gold"
        />
        <p id="proof-upload-hint" className="mt-1 text-xs text-muted" role="status">
          {busy
            ? "Checking…"
            : chosen
              ? `Checked: ${chosen}`
              : "The file is read and checked in your browser; it is not uploaded."}
        </p>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-gold hover:text-gold-soft">Or paste its JSON</summary>
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            setChosen(null);
            void check(async () => text);
          }}
        >
          <label htmlFor="proof-file" className="label">
            Proof JSON
          </label>
          <textarea
            id="proof-file"
            className="field h-40 font-mono text-xs"
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            placeholder='{ "format": "aurum-proof-of-liabilities/2", … }'
          />
          <button type="submit" className="btn-ghost" disabled={busy || text.trim() === ""}>
            {busy ? "Checking…" : "Check this proof"}
          </button>
        </form>
      </details>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {result && (
        <Steps
          result={result}
          testId="file-verification"
          passed="The balances in this proof are included in the published total."
        />
      )}
    </div>
  );
}
