"use client";

import { useState } from "react";
import { useToast } from "@/components/toast";
import type { Result } from "@/components/result-line";
import { api } from "@/components/hooks/session";
import { useSubmit } from "@/components/hooks/use-submit";
import { UserPicker, type PickedUser } from "./user-picker";

type Answer = { success: boolean; message: string; recipients?: number };
type Audience = "one" | "all";

/** Compose a notification for one user or for all, review it, send it, and see how many it reached. */
export function SendNotificationForm({ titleMax, messageMax }: { titleMax: number; messageMax: number }) {
  const toast = useToast();
  const [audience, setAudience] = useState<Audience>("one");
  const [user, setUser] = useState<PickedUser | null>(null);
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [reviewing, setReviewing] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const { busy, run } = useSubmit(() => {
    setReviewing(false);
    setResult({ ok: false, text: "The request did not complete. Check the notification centre before sending again." });
  });

  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setReviewing(false);
    };
  const recipient = audience === "all" ? "all users" : (user?.username ?? "");

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (audience === "one" && !user) return setResult({ ok: false, text: "Choose the user to notify" });
    if (!title.trim() || !message.trim())
      return setResult({ ok: false, text: !title.trim() ? "Please enter a title" : "Please enter a message" });
    if (!reviewing) {
      setResult(null);
      return setReviewing(true);
    }
    const payload = { title, message, ...(audience === "one" && user ? { userId: user.id } : {}) };
    void run(async () => {
      const { body } = await api<Answer>("/api/admin/notifications", { method: "POST", body: JSON.stringify(payload) });
      setReviewing(false);
      setResult({ ok: body.success, text: body.message });
      if (body.success) {
        toast(body.message, "success");
        setTitle("");
        setMessage("");
      }
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-4" aria-label="Send a notification" noValidate>
      <fieldset>
        <legend className="label">Send to</legend>
        <div className="flex gap-2">
          {(["one", "all"] as const).map((a) => (
            <label
              key={a}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${audience === a ? "border-gold text-gold-soft" : "border-line text-zinc-300"}`}
            >
              <input
                type="radio"
                name="audience"
                value={a}
                checked={audience === a}
                onChange={() => edit(setAudience)(a)}
                className="accent-[var(--color-gold)]"
              />
              {a === "one" ? "One user" : "All users"}
            </label>
          ))}
        </div>
      </fieldset>

      {audience === "one" && <UserPicker value={user} onChange={edit(setUser)} />}

      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor="n-title" className="label">
            Title
          </label>
          <span className="text-xs text-muted tabular-nums">
            {title.length}/{titleMax}
          </span>
        </div>
        <input
          id="n-title"
          value={title}
          maxLength={titleMax}
          onChange={(e) => edit(setTitle)(e.target.value)}
          className="field"
        />
      </div>
      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor="n-message" className="label">
            Message
          </label>
          <span className="text-xs text-muted tabular-nums">
            {message.length}/{messageMax}
          </span>
        </div>
        <textarea
          id="n-message"
          rows={5}
          value={message}
          maxLength={messageMax}
          onChange={(e) => edit(setMessage)(e.target.value)}
          className="field resize-y"
        />
      </div>

      {reviewing && (
        <p className="rounded-lg border border-gold/50 bg-gold/10 px-3 py-2 text-sm text-gold-soft" role="status">
          Send “{title.trim()}” to <strong>{recipient}</strong>? It cannot be taken back.
        </p>
      )}
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          data-testid="send-result"
          className={`rounded-lg border px-3 py-2 text-sm ${result.ok ? "border-success/50 text-success" : "border-danger/50 text-danger"}`}
        >
          {result.text}
        </p>
      )}
      <div className="flex gap-3">
        <button type="submit" className="btn-gold" disabled={busy}>
          {busy ? "Sending…" : reviewing ? `Confirm and send to ${recipient}` : "Send"}
        </button>
        {reviewing && (
          <button type="button" className="btn-ghost shrink-0" onClick={() => setReviewing(false)}>
            Back
          </button>
        )}
      </div>
    </form>
  );
}
