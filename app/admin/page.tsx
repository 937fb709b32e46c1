import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { dashboardStats } from "@/lib/admin/dashboard";
import { requireAdmin } from "@/lib/auth/page-session";

export const metadata: Metadata = { title: "Dashboard" };

export default async function AdminDashboard() {
  await requireAdmin();
  const stats = await dashboardStats(await getDb());
  const tiles = [
    ["Users", stats.users],
    ["New this week", stats.newThisWeek],
    ["Disabled", stats.disabled],
    ["Live sessions", stats.liveSessions],
  ] as const;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <section aria-label="Figures" className="grid grid-cols-4 gap-4">
        {tiles.map(([label, value]) => (
          <div key={label} className="card">
            <p className="text-sm text-muted">{label}</p>
            <p className="mt-1 text-right text-3xl font-semibold tabular-nums text-gold-soft">{value}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
