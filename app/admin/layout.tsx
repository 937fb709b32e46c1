import type { Metadata } from "next";
import Link from "next/link";
import { Brand } from "@/components/brand";
import { LogoutButton } from "@/components/logout-button";
import { requireAdmin } from "@/lib/auth/page-session";
import { siteBrand } from "@/lib/settings/brand";

export const metadata: Metadata = { title: { default: "Admin", template: "%s · Aurum Admin" } };

const LINKS = [
  { href: "/admin", label: "Dashboard" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/setting", label: "Settings" },
];

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const { user } = await requireAdmin();
  const brand = await siteBrand();
  return (
    <div className="flex min-h-dvh">
      <aside className="flex w-60 shrink-0 flex-col border-r border-line bg-panel px-4 py-5">
        <Link href="/admin" className="mb-8"><Brand name={brand.siteName} logoUrl={brand.logoUrl} /></Link>
        <nav aria-label="Admin" className="flex flex-1 flex-col gap-1">
          {LINKS.map((l) => (
            <Link key={l.href} href={l.href} className="rounded-lg px-3 py-2 text-sm text-zinc-300 hover:bg-raised hover:text-gold-soft">
              {l.label}
            </Link>
          ))}
          <Link href="/" className="rounded-lg px-3 py-2 text-sm text-zinc-300 hover:bg-raised hover:text-gold-soft">Back to app</Link>
        </nav>
        <div className="space-y-3 border-t border-line pt-4 text-sm">
          <p className="text-muted">Signed in as <span className="text-zinc-100">{user.username}</span></p>
          <LogoutButton />
        </div>
      </aside>
      <main className="flex-1 px-8 py-6">{children}</main>
    </div>
  );
}
