"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { Time } from "@/components/time";

export interface SessionRow {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** The user's live sessions, each but the current one with a Sign out button, and one for all others. */
export function SessionList({ sessions }: { sessions: SessionRow[] }) {
  const router = useRouter();
  const toast = useToast();
  // Which sign-out runs, for its button's words.
  const [target, setTarget] = useState<string | null>(null);
  const { busy, run } = useSubmit(() => toast("That did not work. Please try again.", "error"));

  function signOut(key: string, path: string, method: string) {
    setTarget(key);
    void run(async () => {
      const { body } = await api<Answer>(path, { method, ...(method === "POST" ? { body: "{}" } : {}) });
      toast(body.message, body.success ? "success" : "error");
      router.refresh();
    });
  }

  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="card" aria-labelledby="sessions-heading">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id="sessions-heading" className="font-semibold">
          Where you are signed in
        </h2>
        {others > 0 && (
          <button
            type="button"
            className="text-sm text-gold-soft underline-offset-2 hover:underline"
            disabled={busy}
            onClick={() => signOut("others", "/api/user/sessions/revoke-others", "POST")}
          >
            Sign out all others
          </button>
        )}
      </div>
      <ul className="divide-y divide-line" data-testid="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-3 py-2.5 text-sm" data-testid="session">
            <span className="min-w-0">
              <span className="block font-medium">
                {s.device}
                {s.current && (
                  <span className="ml-2 rounded bg-gold/15 px-1.5 py-0.5 text-xs text-gold-soft">This device</span>
                )}
              </span>
              <span className="block text-xs text-muted">
                {s.ip} · signed in <Time at={s.createdAt} /> · last used <Time at={s.lastUsedAt} />
              </span>
            </span>
            {!s.current && (
              <button
                type="button"
                className="btn-ghost shrink-0 px-3 py-1 text-xs"
                disabled={busy}
                aria-label={`Sign out ${s.device}, ${s.ip}`}
                onClick={() => signOut(s.id, `/api/user/sessions/${s.id}`, "DELETE")}
              >
                {busy && target === s.id ? "Signing out…" : "Sign out"}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
