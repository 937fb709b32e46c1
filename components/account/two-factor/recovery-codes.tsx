"use client";

import { useState } from "react";
import { useCopy } from "@/components/hooks/use-copy";

/** The ten recovery codes, shown once: copy them, say they are saved, then done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const copy = useCopy();
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-gold-soft">
        Two-factor sign-in is on.
      </p>
      <p className="text-sm text-zinc-300">
        These ten recovery codes each sign you in once if you lose your phone. They are shown only now: save them
        somewhere safe, away from this device.
      </p>
      <ol className="grid grid-cols-2 gap-2 rounded-lg bg-raised p-3 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code" className="text-center">
            {c}
          </li>
        ))}
      </ol>
      <button type="button" className="btn-ghost w-full" onClick={() => void copy(codes.join("\n"), "Recovery codes")}>
        Copy codes
      </button>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="accent-[var(--color-gold)]"
        />
        I have saved them
      </label>
      <button type="button" className="btn-gold" disabled={!saved} onClick={onDone}>
        Done
      </button>
    </div>
  );
}
