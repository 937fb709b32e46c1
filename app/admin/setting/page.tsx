import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { getSettings } from "@/lib/settings";
import { LogoForm } from "./logo-form";
import { SettingsForm } from "./settings-form";

export const metadata: Metadata = { title: "Settings" };

export default async function AdminSettingsPage() {
  await requireAdmin();
  const settings = await getSettings(await getDb());
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <LogoForm logoUrl={settings.logoUrl} />
      <SettingsForm initial={settings} />
    </div>
  );
}
