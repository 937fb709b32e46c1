"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { useSubmit } from "@/components/hooks/use-submit";

type Answer = { success: boolean; message: string; optionalMail?: boolean };

/**
 * The one mail switch: mail about deposits and withdrawals. Security mail (sign-ins from a new
 * device, password and two-factor changes, withdrawal requests, support's changes to the account)
 * always comes, and the screen says which.
 */
export function MailPreferenceForm({
  optionalMail,
  optional,
  always,
}: {
  optionalMail: boolean;
  optional: string[];
  always: string[];
}) {
  const router = useRouter();
  const toast = useToast();
  const [on, setOn] = useState(optionalMail);
  const { busy, run } = useSubmit(() => {
    toast("The setting was not saved. Please try again.", "error");
    setOn((shown) => !shown);
  });

  function save(next: boolean) {
    setOn(next);
    void run(async () => {
      const { body } = await api<Answer>("/api/user/mail-preference", {
        method: "PUT",
        body: JSON.stringify({ optionalMail: next }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) router.refresh();
      else setOn(!next);
    });
  }

  return (
    <section className="card space-y-3" aria-labelledby="mail-heading">
      <div>
        <h2 id="mail-heading" className="font-semibold">
          Email
        </h2>
        <p className="text-sm text-muted">Every mail from Aurum shows your anti-phishing code when you have set one.</p>
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={on}
          disabled={busy}
          onChange={(e) => save(e.target.checked)}
          className="mt-0.5 h-4 w-4 shrink-0 accent-gold"
          aria-describedby="mail-optional-list"
        />
        <span>
          <span className="block font-medium">Mail me about deposits and withdrawals</span>
          <span id="mail-optional-list" className="block text-muted">
            {optional.join(", ")}.
          </span>
        </span>
      </label>
      <div className="text-sm">
        <p id="mail-always-heading" className="font-medium">
          Always sent, for your security
        </p>
        <ul aria-labelledby="mail-always-heading" className="mt-1 list-disc space-y-0.5 pl-5 text-muted sm:columns-2">
          {always.map((title) => (
            <li key={title}>{title}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
