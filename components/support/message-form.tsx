"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { beside, type Answer, useSubmit } from "@/components/hooks/use-submit";

export const MESSAGE_MAX = 5000;

/**
 * The box under a thread: the user's answer to support. Sent once per text (an Idempotency-Key that
 * changes only when the text does), then the page re-reads the thread.
 */
export function UserReplyForm({ conversationId, closed }: { conversationId: string; closed: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const id = useId();
  const [message, setMessage] = useState("");
  const key = useRef(crypto.randomUUID());
  const { busy, errors, setErrors, run } = useSubmit(() => ({
    message: ["Your message may not have been sent. Sending it again is safe."],
  }));
  // Not before hydration: the browser would send the form itself and drop what was typed.
  const hydrated = useHydrated();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!message.trim()) return setErrors({ message: ["Please write a message"] });
    void run(async () => {
      const res = await api<Answer>(`/api/support/conversations/${conversationId}/messages`, {
        method: "POST",
        headers: { "Idempotency-Key": `support-${key.current}` },
        body: JSON.stringify({ message }),
      });
      if (!res.body.success) return setErrors(beside("message", res.body));
      setMessage("");
      key.current = crypto.randomUUID();
      toast("Message sent", "success");
      router.refresh();
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-label="Write to Aurum support">
      <div>
        <label htmlFor={`${id}-message`} className="label">
          {closed ? "Write again (this opens the conversation again)" : "Your message"}
        </label>
        <textarea
          id={`${id}-message`}
          rows={4}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className="field resize-y"
          aria-describedby={`${id}-message-error`}
          aria-invalid={errors.message ? true : undefined}
        />
        <FieldError id={`${id}-message-error`} messages={errors.message} />
      </div>
      <button type="submit" className="btn-gold sm:w-auto sm:px-6" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Sending…" : "Send"}
      </button>
    </form>
  );
}
