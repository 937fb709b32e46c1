"use client";

import { api, clearSession } from "@/components/hooks/session";
import { LEAVING, useSubmit } from "@/components/hooks/use-submit";

export function LogoutButton({ className = "btn-ghost" }: { className?: string }) {
  // Nothing can be lost: the call's own failure is caught below.
  const { busy, run } = useSubmit(() => undefined);
  const logout = () =>
    run(async () => {
      // Whatever the server answers (an already-revoked session is a 401), this browser is signed out.
      await api("/api/auth/logout", { method: "POST" }).catch(() => undefined);
      clearSession();
      // A full page load, not a client transition: nothing of the signed-in session may stay in memory.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/login");
      return LEAVING;
    });
  return (
    <button type="button" onClick={() => void logout()} disabled={busy} className={className}>
      {busy ? "Signing out…" : "Log out"}
    </button>
  );
}
