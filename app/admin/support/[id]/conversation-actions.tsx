"use client";

import { useRouter } from "next/navigation";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

/** Who has the conversation, and the buttons to take it, let it go, close it or open it again. */
export function ConversationActions({
  id,
  status,
  assignedTo,
}: {
  id: string;
  status: string;
  assignedTo: string | null;
}) {
  const router = useRouter();
  const toast = useToast();
  const { busy, run } = useSubmit(() => toast("The change did not complete. Trying again is safe.", "error"));

  const change = (body: Record<string, unknown>) =>
    run(async () => {
      const res = await api<Answer>(`/api/admin/support/${id}`, { method: "PUT", body: JSON.stringify(body) });
      toast(res.body.message, res.body.success ? "success" : "error");
      router.refresh();
    });

  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-line pt-3">
      <span className="mr-2 text-muted" data-testid="support-assignee">
        {assignedTo ? `Assigned to ${assignedTo}` : "Unassigned"}
      </span>
      {assignedTo === "you" ? (
        <button type="button" className="btn-ghost" disabled={busy} onClick={() => void change({ assignToMe: false })}>
          Release
        </button>
      ) : (
        <button type="button" className="btn-ghost" disabled={busy} onClick={() => void change({ assignToMe: true })}>
          Assign to me
        </button>
      )}
      {status === "closed" ? (
        <button type="button" className="btn-ghost" disabled={busy} onClick={() => void change({ status: "open" })}>
          Reopen
        </button>
      ) : (
        <button type="button" className="btn-ghost" disabled={busy} onClick={() => void change({ status: "closed" })}>
          Close
        </button>
      )}
    </div>
  );
}
