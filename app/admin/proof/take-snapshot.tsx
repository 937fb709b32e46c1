"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";

/** Takes a proof-of-liabilities snapshot now, besides the daily one. */
export function TakeSnapshot() {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function take() {
    setBusy(true);
    try {
      const res = await api<{ success: boolean; message: string }>("/api/admin/proof/snapshots", { method: "POST" });
      toast(res.body.message, res.body.success ? "success" : "error");
      if (res.body.success) router.refresh();
    } catch {
      toast("No snapshot was taken. Please try again.", "error");
    }
    setBusy(false);
  }

  return (
    <button type="button" className="btn-gold sm:w-auto sm:px-6" onClick={take} disabled={busy} aria-busy={busy}>
      {busy ? "Taking a snapshot…" : "Take a snapshot now"}
    </button>
  );
}
