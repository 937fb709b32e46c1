"use client";

import { useEffect, useState } from "react";
import { useHydrated } from "@/components/hooks/hydrated";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { Time } from "@/components/time";

export interface PushDevice {
  id: string;
  device: string | null;
  service: string;
  endpoint: string;
  createdAt: string;
  lastSentAt: string | null;
}

const supported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The VAPID key as `applicationServerKey` wants it (bytes), from its base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * Push for this device, and the list of every device that has it with a way to turn each off. The
 * browser's permission is asked only when the person turns push on, never when the screen loads.
 */
export function PushDevices({ devices: initial }: { devices: PushDevice[] }) {
  const toast = useToast();
  const [devices, setDevices] = useState(initial);
  const hydrated = useHydrated();
  // Refused just now, as Notification.permission says only after a re-render.
  const [refused, setRefused] = useState(false);
  // This browser's own endpoint, when it has a subscription.
  const [mine, setMine] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const { busy, run } = useSubmit(() => toast("That did not work. Please try again.", "error"));

  useEffect(() => {
    if (!supported()) return;
    void navigator.serviceWorker
      .getRegistration()
      .then((reg) => reg?.pushManager.getSubscription())
      .then((sub) => setMine(sub?.endpoint ?? null))
      .catch(() => setMine(null));
  }, []);

  async function reload() {
    const { body } = await api<{ success: boolean; subscriptions?: PushDevice[] }>("/api/push/subscriptions");
    if (body.subscriptions) setDevices(body.subscriptions);
  }

  function turnOn() {
    setTarget("this");
    void run(async () => {
      const registration = await navigator.serviceWorker.register("/sw.js");
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        if (permission === "denied") setRefused(true);
        toast("Notifications are not allowed for Aurum in this browser.", "error");
        return;
      }
      const { body: key } = await api<Answer & { publicKey?: string }>("/api/push/key");
      if (!key.publicKey) return toast(key.message, "error");
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key.publicKey),
      });
      const { body } = await api<Answer>("/api/push/subscriptions", {
        method: "POST",
        body: JSON.stringify(subscription.toJSON()),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) setMine(subscription.endpoint);
      else await subscription.unsubscribe();
      await reload();
    });
  }

  function turnOff(device: PushDevice) {
    setTarget(device.id);
    void run(async () => {
      const { body } = await api<Answer>(`/api/push/subscriptions/${device.id}`, { method: "DELETE" });
      toast(body.message, body.success ? "success" : "error");
      if (device.endpoint === mine) {
        const sub = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
        await sub?.unsubscribe();
        setMine(null);
      }
      await reload();
    });
  }

  // Known only in the browser: before hydration nothing is offered.
  const state = !hydrated
    ? "unknown"
    : !supported()
      ? "unsupported"
      : refused || Notification.permission === "denied"
        ? "blocked"
        : "ready";
  const thisOn = mine !== null && devices.some((d) => d.endpoint === mine);
  return (
    <section className="card space-y-3" aria-labelledby="push-heading">
      <div>
        <h2 id="push-heading" className="font-semibold">
          Push notifications
        </h2>
        <p className="text-sm text-muted">
          Your phone or computer shows Aurum&apos;s notifications even when Aurum is closed.
        </p>
      </div>
      {state === "unsupported" && <p className="text-sm text-muted">This browser cannot receive push notifications.</p>}
      {state === "blocked" && (
        <p className="text-sm text-muted">
          Notifications are blocked for Aurum in this browser: allow them in its site settings to turn push on.
        </p>
      )}
      {state === "ready" && !thisOn && (
        <button type="button" className="btn-gold sm:w-auto" disabled={busy} onClick={turnOn}>
          {busy && target === "this" ? "Turning on…" : "Turn on for this device"}
        </button>
      )}
      {devices.length === 0 ? (
        <p className="text-sm text-muted" data-testid="push-devices-empty">
          No device has push on.
        </p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Devices with push on" data-testid="push-devices">
          {devices.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 py-2.5 text-sm" data-testid="push-device">
              <span className="min-w-0">
                <span className="block font-medium">
                  {d.device ?? "Unknown device"}
                  {d.endpoint === mine && (
                    <span className="ml-2 rounded bg-gold/15 px-1.5 py-0.5 text-xs text-gold-soft">This device</span>
                  )}
                </span>
                <span className="block text-xs break-words text-muted">
                  {d.service} · on since <Time at={d.createdAt} />
                  {d.lastSentAt && (
                    <>
                      {" "}
                      · last push <Time at={d.lastSentAt} />
                    </>
                  )}
                </span>
              </span>
              <button
                type="button"
                className="btn-ghost shrink-0 px-3 py-1 text-xs"
                disabled={busy}
                aria-label={`Turn off push for ${d.device ?? "Unknown device"}${d.endpoint === mine ? " (this device)" : ""}`}
                onClick={() => turnOff(d)}
              >
                {busy && target === d.id ? "Turning off…" : "Turn off"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
