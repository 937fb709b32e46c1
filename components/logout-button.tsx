"use client";

import { useState } from "react";
import { api, clearSession } from "@/lib/client/session";

export function LogoutButton({ className = "btn-ghost" }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  async function logout() {
    setBusy(true);
    // Whatever the server answers (an already-revoked session is a 401), this browser is signed out.
    await api("/api/auth/logout", { method: "POST" }).catch(() => undefined);
    clearSession();
    // A full page load, not a client transition: nothing of the signed-in session may stay in memory.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/login");
  }
  return (
    <button type="button" onClick={logout} disabled={busy} className={className}>
      {busy ? "Signing out…" : "Log out"}
    </button>
  );
}
