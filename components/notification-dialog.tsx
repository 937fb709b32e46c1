"use client";

import { useEffect, useId, useRef } from "react";
import { AntiPhishingLine } from "@/components/anti-phishing-line";

export interface PushedNotification {
  id: string;
  title: string;
  message: string;
  /** The recipient's anti-phishing code, when they set one. */
  antiPhishingCode?: string | null;
}

/**
 * The floating notification dialog: title, message, Cancel and View. A native modal <dialog>,
 * so focus is trapped and Escape works like Cancel.
 */
export function NotificationDialog({
  notification,
  onCancel,
  onView,
}: {
  notification: PushedNotification;
  onCancel(): void;
  onView(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-gold/50 bg-panel p-5 text-zinc-100 shadow-2xl shadow-black/60 backdrop:bg-black/60"
    >
      <div className="mb-1 flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-gold">
        <svg
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
        >
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        New notification
      </div>
      <h2 id={titleId} className="text-lg font-semibold text-gold-soft">
        {notification.title}
      </h2>
      <p id={messageId} className="mt-2 whitespace-pre-line break-words text-sm text-zinc-300">
        {notification.message}
      </p>
      <AntiPhishingLine code={notification.antiPhishingCode} />
      <div className="mt-5 flex gap-3">
        <button type="button" className="btn-ghost flex-1 py-3" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn-gold flex-1" onClick={onView} autoFocus>
          View
        </button>
      </div>
    </dialog>
  );
}
