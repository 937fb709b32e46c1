"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { Field } from "@/components/field";
import { FieldError } from "@/components/field-error";
import { useHydrated } from "@/components/hooks/hydrated";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";

const MESSAGE_MAX = 5000;

/** A signed-out visitor's message to support: an email to answer to and the message. Sent once per text. */
export function ContactForm() {
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const hydrated = useHydrated();
  const { busy, errors, setErrors, run } = useSubmit(() => ({
    message: ["Your message may not have been sent. Sending it again is safe."],
  }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const missing = {
      ...(email.trim() ? {} : { email: ["Please enter your email address"] }),
      ...(message.trim() ? {} : { message: ["Please write a message"] }),
    };
    if (Object.keys(missing).length > 0) return setErrors(missing);
    void run(async () => {
      const res = await fetch("/api/support/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": `contact-${key.current}` },
        body: JSON.stringify({ email: email.trim(), message }),
      });
      const answer = (await res.json()) as Answer;
      if (answer.success) return setSent(answer.message);
      key.current = crypto.randomUUID();
      setErrors(
        answer.errors?.email ? { email: answer.errors.email } : { message: answer.errors?.message ?? [answer.message] },
      );
    });
  }

  if (sent) {
    return (
      <div className="card space-y-4 p-6" role="status" data-testid="contact-sent">
        <p>{sent}</p>
        <p className="text-sm text-muted">
          A receipt is on its way to that address. Nothing arrived? Check your spam folder.
        </p>
        <Link href="/login" className="btn-gold w-full">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="card space-y-4 p-6" aria-label="Write to customer service" noValidate>
      <Field
        id="contact-email"
        label="Your email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        errors={errors.email}
        placeholder="you@example.com"
        hint="We answer to this address."
      />
      <div>
        <label htmlFor="contact-message" className="label">
          Message
        </label>
        <textarea
          id="contact-message"
          rows={6}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className="field resize-y"
          aria-describedby="contact-message-hint contact-message-error"
          aria-invalid={errors.message ? true : undefined}
        />
        <p id="contact-message-hint" className="mt-1 text-xs text-muted">
          Never write a password or a two-factor code: Aurum support never asks for them.
        </p>
        <FieldError id="contact-message-error" messages={errors.message} />
      </div>
      <button type="submit" className="btn-gold" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Sending…" : "Send message"}
      </button>
      <p className="text-center text-sm text-muted">
        Have an account?{" "}
        <Link href="/login?next=/support" className="font-medium text-gold hover:text-gold-soft">
          Sign in
        </Link>{" "}
        and write from Customer Service to read the answers in the app.
      </p>
    </form>
  );
}
