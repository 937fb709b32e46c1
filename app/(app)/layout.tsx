import { redirect } from "next/navigation";
import { AppShell } from "@/components/app-shell";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { hasTwoFactor } from "@/lib/auth/two-factor/verify";
import { unreadCount } from "@/lib/notifications/list";
import { siteBrand } from "@/lib/settings/brand";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const { user } = await requireUser();
  const db = await getDb();
  // An administrator signs in to the two-factor set-up first, which the admin area shows.
  if (user.role === "admin" && !(await hasTwoFactor(db, user.id))) redirect("/admin");
  const [brand, unread] = await Promise.all([siteBrand(), unreadCount(db, user.id)]);
  return (
    <AppShell isAdmin={user.role === "admin"} brand={{ name: brand.siteName, logoUrl: brand.logoUrl }} unread={unread}>
      {children}
    </AppShell>
  );
}
