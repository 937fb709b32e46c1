"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useNotificationHold } from "@/components/notification-center";

export interface Question {
  title: string;
  body: string;
  /** The button that goes ahead ("Stop strategy"); the other keeps things as they are. */
  confirmLabel: string;
  keepLabel?: string;
}

/**
 * The app's own "are you sure?" for a step that cannot be taken back: a modal dialog (focus kept
 * inside, Escape keeps things as they are) instead of the browser's `confirm()`. Returns `ask`,
 * which resolves true only when the person confirms, and the dialog to render.
 */
export function useConfirm(): [(question: Question) => Promise<boolean>, React.ReactNode] {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [open, setOpen] = useState<(Question & { resolve: (yes: boolean) => void }) | null>(null);

  useNotificationHold(open !== null);

  const ask = useCallback(
    (question: Question) => new Promise<boolean>((resolve) => setOpen({ ...question, resolve })),
    [],
  );
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  const answer = (yes: boolean) => {
    open?.resolve(yes);
    dialog.current?.close();
    setOpen(null);
  };

  const element = (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-gold/50 bg-panel p-5 text-zinc-100 shadow-2xl shadow-black/60 backdrop:bg-black/70"
    >
      {open && (
        <div className="space-y-3">
          <h2 id={titleId} className="text-lg font-semibold text-gold-soft">
            {open.title}
          </h2>
          <p id={bodyId} className="text-sm text-zinc-300">
            {open.body}
          </p>
          <div className="flex gap-3">
            <button type="button" className="btn-ghost flex-1 py-3" onClick={() => answer(false)} autoFocus>
              {open.keepLabel ?? "Keep it"}
            </button>
            <button type="button" className="btn-gold flex-1 py-3" onClick={() => answer(true)}>
              {open.confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
  return [ask, element];
}
