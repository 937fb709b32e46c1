import { AppShell } from "@/components/app-shell";
import { requireUser } from "@/lib/auth/page-session";
import { siteBrand } from "@/lib/settings/brand";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const { user } = await requireUser();
  const brand = await siteBrand();
  return (
    <AppShell isAdmin={user.role === "admin"} brand={{ name: brand.siteName, logoUrl: brand.logoUrl }}>
      {children}
    </AppShell>
  );
}
