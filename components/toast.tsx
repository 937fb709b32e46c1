"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

export const TOAST_DURATION_MS = 3000;
export const TOAST_FADE_MS = 300;

type Tone = "info" | "success" | "error";
type ShowToast = (message: string, tone?: Tone) => void;

const ToastContext = createContext<ShowToast>(() => {});

const TONES: Record<Tone, string> = {
  info: "border-line text-zinc-100",
  success: "border-gold text-gold-soft",
  error: "border-danger text-red-200",
};

/** One toast at a time at the top of the screen, over the header rather than the page: a new one replaces the last (SPEC.md section 4). */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toast, setToast] = useState<{ id: number; message: string; tone: Tone; leaving: boolean } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const nextId = useRef(0);

  const clearTimers = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };

  const show = useCallback<ShowToast>((message, tone = "info") => {
    clearTimers();
    const id = ++nextId.current;
    setToast({ id, message, tone, leaving: false });
    timers.current = [
      setTimeout(() => setToast((t) => (t?.id === id ? { ...t, leaving: true } : t)), TOAST_DURATION_MS),
      setTimeout(() => setToast((t) => (t?.id === id ? null : t)), TOAST_DURATION_MS + TOAST_FADE_MS),
    ];
  }, []);

  useEffect(() => clearTimers, []);

  return (
    <ToastContext value={show}>
      {children}
      {/* At the top, in the header's band, where it covers no page title or content: centred on a phone, at the
          right on a desktop, where the admin area's titles (on the left, with no header above them) stay clear. */}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-1.5 z-[60] flex justify-center px-4 lg:top-3 lg:justify-end lg:px-6"
      >
        {toast && (
          <div
            key={toast.id}
            role={toast.tone === "error" ? "alert" : "status"}
            data-testid="toast"
            style={{ transitionDuration: `${TOAST_FADE_MS}ms` }}
            className={`max-w-sm rounded-xl border bg-panel px-4 py-2 text-sm shadow-lg shadow-black/50 transition-opacity ${TONES[toast.tone]} ${toast.leaving ? "opacity-0" : "opacity-100"}`}
          >
            {toast.message}
          </div>
        )}
      </div>
    </ToastContext>
  );
}

export const useToast = (): ShowToast => useContext(ToastContext);
