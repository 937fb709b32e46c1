import type { Metadata } from "next";
import Link from "next/link";
import { AdminMobileMenu } from "@/components/admin/mobile-menu";
import { TwoFactorRequired } from "@/components/admin/two-factor-required";
import { AdminNav } from "@/components/admin-nav";
import { Brand } from "@/components/brand";
import { LogoutButton } from "@/components/logout-button";
import { RealtimeProvider } from "@/components/realtime-provider";
import { getDb } from "@/db/client";
import { requireAdmin } from "@/lib/auth/page-session";
import { twoFactorState } from "@/lib/auth/two-factor/enrolment";
import { siteBrand } from "@/lib/settings/brand";

export async function generateMetadata(): Promise<Metadata> {
  const { siteName } = await siteBrand();
  return { title: { default: `Admin · ${siteName}`, template: `%s · ${siteName} Admin` } };
}

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const { user } = await requireAdmin();
  const [brand, twoFactor] = await Promise.all([siteBrand(), twoFactorState(await getDb(), user.id)]);
  if (!twoFactor.enabled) return <TwoFactorRequired username={user.username} brand={brand} status={twoFactor} />;
  const account = (
    <div className="space-y-3 border-t border-line pt-4 text-sm">
      <p className="text-muted">
        Signed in as <span className="text-zinc-100">{user.username}</span>
      </p>
      <LogoutButton />
    </div>
  );
  return (
    <div className="min-h-dvh lg:flex">
      <header className="relative flex items-center justify-between gap-3 border-b border-line bg-panel px-4 py-3 lg:hidden">
        <Link href="/admin" className="flex min-w-0">
          <Brand name={brand.siteName} logoUrl={brand.logoUrl} />
        </Link>
        <AdminMobileMenu>
          <AdminNav />
          {account}
        </AdminMobileMenu>
      </header>
      <aside className="hidden w-60 shrink-0 flex-col border-r border-line bg-panel px-4 py-5 lg:flex">
        <Link href="/admin" className="mb-8 flex min-w-0">
          <Brand name={brand.siteName} logoUrl={brand.logoUrl} />
        </Link>
        <AdminNav />
        {account}
      </aside>
      <main className="min-w-0 flex-1 px-4 py-5 lg:px-8 lg:py-6">
        <RealtimeProvider>{children}</RealtimeProvider>
      </main>
    </div>
  );
}
