"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Result, ResultLine } from "@/components/result-line";
import { storedToken } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

export function LogoForm({ logoUrl }: { logoUrl: string | null }) {
  const router = useRouter();
  const [result, setResult] = useState<Result>(null);
  const { busy, run } = useSubmit(() =>
    setResult({ ok: false, text: "The upload did not complete. Please try again." }),
  );

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(async () => {
      const res = await fetch("/api/admin/upload/logo", {
        method: "POST",
        body: form,
        headers: { Authorization: `Bearer ${storedToken() ?? ""}` },
      });
      const body = (await res.json()) as Answer;
      setResult({ ok: body.success, text: body.message });
      if (body.success) router.refresh();
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-labelledby="logo-heading">
      <h2 id="logo-heading" className="font-semibold">
        Logo
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a preview of our own upload, at its own size
          <img src={logoUrl} alt="Current logo" className="h-12 w-12 rounded-full border border-line object-cover" />
        ) : (
          <span className="text-sm text-muted">No logo uploaded: the gold mark is shown.</span>
        )}
        <div className="min-w-56 flex-1">
          <label htmlFor="logo" className="label">
            PNG, JPEG or WebP, at most 2 MB
          </label>
          <input
            id="logo"
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            required
            className="field"
          />
        </div>
      </div>
      <button type="submit" className="btn-gold w-auto" disabled={busy}>
        {busy ? "Uploading…" : "Upload logo"}
      </button>
      <ResultLine result={result} />
    </form>
  );
}
