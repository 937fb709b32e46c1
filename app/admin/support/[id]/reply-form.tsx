"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useSyncExternalStore } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { beside, type Answer, useSubmit } from "@/components/hooks/use-submit";

const MESSAGE_MAX = 5000;
// The first name an administrator signs with, remembered on this browser.
const NAME_KEY = "aurum:support-first-name";
const noSubscription = () => () => {};

/**
 * Support's box under a thread: a reply the user reads (signed "Aurum support", with the first name
 * chosen here, if any) or an internal note the user never sees. A message linking to another host
 * is refused by the server, and the refusal is shown under the box.
 */
export function SupportReplyForm({ id, visitor }: { id: string; visitor: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [message, setMessage] = useState("");
  const [internal, setInternal] = useState(false);
  // What was typed, else the name remembered on this browser (read after hydration, so the HTML matches).
  const [typedName, setFirstName] = useState<string | null>(null);
  const storedName = useSyncExternalStore(
    noSubscription,
    () => localStorage.getItem(NAME_KEY) ?? "",
    () => "",
  );
  const firstName = typedName ?? storedName;
  const key = useRef(crypto.randomUUID());
  const { busy, errors, setErrors, run } = useSubmit(() => ({
    message: ["The message may not have been sent. Sending it again is safe."],
  }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!message.trim()) return setErrors({ message: ["Please write a message"] });
    void run(async () => {
      const body = { message, internal, ...(internal || !firstName.trim() ? {} : { firstName: firstName.trim() }) };
      const res = await api<Answer>(`/api/admin/support/${id}/messages`, {
        method: "POST",
        headers: { "Idempotency-Key": `support-${key.current}` },
        body: JSON.stringify(body),
      });
      if (!res.body.success) {
        key.current = crypto.randomUUID();
        return setErrors(
          res.body.errors?.firstName ? { firstName: res.body.errors.firstName } : beside("message", res.body),
        );
      }
      localStorage.setItem(NAME_KEY, firstName.trim());
      setMessage("");
      key.current = crypto.randomUUID();
      toast(res.body.message, "success");
      router.refresh();
    });
  }

  return (
    <form
      onSubmit={submit}
      className={`card space-y-3 ${internal ? "border-dashed border-gold/60" : ""}`}
      aria-label="Answer the conversation"
      noValidate
    >
      <fieldset>
        <legend className="label">Write</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              [false, visitor ? "Reply (mailed to the visitor)" : "Reply to the user"],
              [true, "Internal note (never shown to the user)"],
            ] as const
          ).map(([value, label]) => (
            <label
              key={label}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${internal === value ? "border-gold text-gold-soft" : "border-line text-zinc-300"}`}
            >
              <input
                type="radio"
                name="support-kind"
                checked={internal === value}
                onChange={() => setInternal(value)}
                className="accent-[#d4af37]"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="support-reply" className="label">
          {internal ? "Note for support (the user never sees it)" : "Reply"}
        </label>
        <textarea
          id="support-reply"
          rows={5}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className="field resize-y"
          aria-describedby="support-reply-hint support-reply-error"
          aria-invalid={errors.message ? true : undefined}
        />
        <p id="support-reply-hint" className="mt-1 text-xs text-muted">
          Links may only point to this site or the hosts allowed in Settings.
        </p>
        <FieldError id="support-reply-error" messages={errors.message} />
      </div>
      {!internal && (
        <div>
          <label htmlFor="support-first-name" className="label">
            Sign as &ldquo;Aurum support · first name&rdquo; (optional)
          </label>
          <input
            id="support-first-name"
            value={firstName}
            maxLength={30}
            onChange={(e) => setFirstName(e.target.value)}
            className="field sm:max-w-xs"
            placeholder="e.g. Maria"
            autoComplete="off"
            aria-describedby="support-first-name-error"
            aria-invalid={errors.firstName ? true : undefined}
          />
          <FieldError id="support-first-name-error" messages={errors.firstName} />
        </div>
      )}
      <button type="submit" className="btn-gold sm:w-auto sm:px-6" disabled={busy} aria-busy={busy}>
        {busy ? "Sending…" : internal ? "Add internal note" : "Send reply"}
      </button>
    </form>
  );
}
