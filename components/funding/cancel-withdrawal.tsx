"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";

/** Cancels one's own pending withdrawal; the key makes a retried click cancel once. */
export function CancelWithdrawal({ id }: { id: string }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const key = useRef(`cancel-${id}`);
  async function cancel() {
    setBusy(true);
    const { body } = await api<{ success: boolean; message: string }>(`/api/withdrawals/${id}/cancel`, { method: "POST", headers: { "Idempotency-Key": key.current } }).catch(() => ({ body: { success: false, message: "The withdrawal was not cancelled. Please try again." } }));
    toast(body.message, body.success ? "success" : "error");
    setBusy(false);
    if (body.success) router.refresh();
  }
  return <button type="button" className="btn-ghost px-3 py-1 text-xs" onClick={cancel} disabled={busy} aria-busy={busy}>Cancel</button>;
}
