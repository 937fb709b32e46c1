"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

/**
 * Takes a proof-of-liabilities snapshot now, besides the daily one. Within the hour of the last
 * administrator's, it offers to ask a second administrator to let one through.
 */
export function TakeSnapshot() {
  const router = useRouter();
  const toast = useToast();
  const [tooSoon, setTooSoon] = useState(false);
  const { busy, run } = useSubmit(() => toast("No snapshot was taken. Please try again.", "error"));

  const take = () =>
    run(async () => {
      const res = await api<Answer>("/api/admin/proof/snapshots", { method: "POST" });
      toast(res.body.message, res.body.success ? "success" : "error");
      setTooSoon(res.body.code === "SNAPSHOT_TOO_SOON");
      if (res.body.success) router.refresh();
    });

  const ask = () =>
    run(async () => {
      const res = await api<Answer>("/api/admin/proof/snapshots/force", { method: "POST" });
      toast(res.body.message, res.body.success ? "success" : "error");
      if (res.body.success) setTooSoon(false);
    });

  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <button
        type="button"
        className="btn-gold sm:w-auto sm:px-6"
        onClick={() => void take()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? "Taking a snapshot…" : "Take a snapshot now"}
      </button>
      {tooSoon && (
        <button type="button" className="btn-ghost sm:w-auto sm:px-6" onClick={() => void ask()} disabled={busy}>
          Ask a second administrator to approve one now
        </button>
      )}
    </div>
  );
}
