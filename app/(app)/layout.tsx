import { AppShell } from "@/components/app-shell";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { unreadCount } from "@/lib/notifications/list";
import { siteBrand } from "@/lib/settings/brand";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const { user } = await requireUser();
  const [brand, unread] = await Promise.all([siteBrand(), unreadCount(await getDb(), user.id)]);
  return (
    <AppShell isAdmin={user.role === "admin"} brand={{ name: brand.siteName, logoUrl: brand.logoUrl }} unread={unread}>
      {children}
    </AppShell>
  );
}
