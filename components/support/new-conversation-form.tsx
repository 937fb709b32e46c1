"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Field } from "@/components/field";
import { FieldError } from "@/components/field-error";
import { api } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { LEAVING, type Answer, useSubmit } from "@/components/hooks/use-submit";
import { MESSAGE_MAX } from "./message-form";

type Opened = Answer & { conversation?: { id: string } };

/**
 * A new conversation with support: a subject and a first message, about the deposit or withdrawal
 * `relatedId` names if the page came from one. Sent once however often it is clicked; then the thread opens.
 */
export function NewConversationForm({ relatedId, relatedText }: { relatedId?: string; relatedText?: string }) {
  const router = useRouter();
  const [subject, setSubject] = useState(relatedText ? `About my ${relatedText.split(" of ")[0]!.toLowerCase()}` : "");
  const [message, setMessage] = useState("");
  const key = useRef(crypto.randomUUID());
  const { busy, errors, setErrors, run } = useSubmit(() => ({
    message: ["Your message may not have been sent. Sending it again is safe."],
  }));
  // Not before hydration: the browser would send the form itself and drop what was typed.
  const hydrated = useHydrated();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const missing = {
      ...(subject.trim() ? {} : { subject: ["Please enter a subject"] }),
      ...(message.trim() ? {} : { message: ["Please write a message"] }),
    };
    if (Object.keys(missing).length > 0) return setErrors(missing);
    void run(async () => {
      const body = { subject, message, ...(relatedId ? { relatedId } : {}) };
      const res = await api<Opened>("/api/support/conversations", {
        method: "POST",
        headers: { "Idempotency-Key": `support-${key.current}` },
        body: JSON.stringify(body),
      });
      if (!res.body.success || !res.body.conversation) {
        key.current = crypto.randomUUID();
        return setErrors(
          res.body.errors?.subject
            ? { subject: res.body.errors.subject }
            : { message: res.body.errors?.message ?? [res.body.message] },
        );
      }
      router.push(`/support/${res.body.conversation.id}`);
      return LEAVING;
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-4" aria-labelledby="new-conversation" noValidate>
      <h2 id="new-conversation" className="font-semibold">
        Ask Aurum support
      </h2>
      {relatedText && (
        <p className="rounded-lg border border-gold/30 bg-raised px-3 py-2 text-sm" data-testid="support-related">
          <span className="text-muted">Attached: </span>
          {relatedText}
        </p>
      )}
      <Field
        id="support-subject"
        label="Subject"
        value={subject}
        maxLength={120}
        onChange={(e) => setSubject(e.target.value)}
        errors={errors.subject}
        placeholder="What is it about?"
      />
      <div>
        <label htmlFor="support-message" className="label">
          Message
        </label>
        <textarea
          id="support-message"
          rows={5}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className="field resize-y"
          aria-describedby="support-message-hint support-message-error"
          aria-invalid={errors.message ? true : undefined}
        />
        <p id="support-message-hint" className="mt-1 text-xs text-muted">
          Never write your password or a two-factor code: Aurum support never asks for them.
        </p>
        <FieldError id="support-message-error" messages={errors.message} />
      </div>
      <button type="submit" className="btn-gold sm:w-auto sm:px-6" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Sending…" : "Send to support"}
      </button>
    </form>
  );
}
