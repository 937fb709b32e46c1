"use client";

import { useCopy } from "@/components/hooks/use-copy";

/** The referral code and link, with copy and (where the browser can) share buttons. */
export function InviteLink({ code, link }: { code: string; link: string }) {
  const copy = useCopy();

  async function share() {
    if (typeof navigator.share !== "function") return copy(link, "Link");
    try {
      await navigator.share({ title: "Join me on Aurum", url: link });
    } catch {
      // The person closed the share sheet: nothing to say.
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm">
        Your referral code:{" "}
        <span className="font-mono text-lg text-gold-soft" data-testid="referral-code">
          {code}
        </span>
      </p>
      <p className="break-all rounded-lg bg-raised p-3 font-mono text-sm" data-testid="invite-link">
        {link}
      </p>
      <div className="grid grid-cols-3 gap-2">
        <button type="button" className="btn-ghost" onClick={() => copy(code, "Code")}>
          Copy code
        </button>
        <button type="button" className="btn-ghost" onClick={() => copy(link, "Link")}>
          Copy link
        </button>
        <button type="button" className="btn-ghost" onClick={share}>
          Share
        </button>
      </div>
    </div>
  );
}
