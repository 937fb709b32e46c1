"use client";

import { useRouter } from "next/navigation";
import { useRef } from "react";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

/** Cancels one's own pending withdrawal; the key makes a retried click cancel once. */
export function CancelWithdrawal({ id }: { id: string }) {
  const router = useRouter();
  const toast = useToast();
  const { busy, run } = useSubmit(() => toast("The withdrawal was not cancelled. Please try again.", "error"));
  const key = useRef(`cancel-${id}`);
  const cancel = () =>
    run(async () => {
      const { body } = await api<Answer>(`/api/withdrawals/${id}/cancel`, {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) router.refresh();
    });
  return (
    <button
      type="button"
      className="btn-ghost px-3 py-1 text-xs"
      onClick={() => void cancel()}
      disabled={busy}
      aria-busy={busy}
    >
      Cancel
    </button>
  );
}
