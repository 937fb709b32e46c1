"use client";

import { useRouter } from "next/navigation";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

/** Takes a proof-of-liabilities snapshot now, besides the daily one. */
export function TakeSnapshot() {
  const router = useRouter();
  const toast = useToast();
  const { busy, run } = useSubmit(() => toast("No snapshot was taken. Please try again.", "error"));

  const take = () =>
    run(async () => {
      const res = await api<Answer>("/api/admin/proof/snapshots", { method: "POST" });
      toast(res.body.message, res.body.success ? "success" : "error");
      if (res.body.success) router.refresh();
    });

  return (
    <button type="button" className="btn-gold sm:w-auto sm:px-6" onClick={() => void take()} disabled={busy} aria-busy={busy}>
      {busy ? "Taking a snapshot…" : "Take a snapshot now"}
    </button>
  );
}
