"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/admin", label: "Dashboard" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/deposits", label: "Deposits" },
  { href: "/admin/withdrawals", label: "Withdrawals" },
  { href: "/admin/approvals", label: "Approvals" },
  { href: "/admin/support", label: "Customer Service" },
  { href: "/admin/wallets", label: "Wallets" },
  { href: "/admin/saving-plans", label: "Saving plans" },
  { href: "/admin/proof", label: "Proof of liabilities and reserves" },
  { href: "/admin/create-notifications", label: "Notifications" },
  { href: "/admin/outbox", label: "Outbox" },
  { href: "/admin/setting", label: "Settings" },
];

const linkClass = "rounded-lg px-3 py-2 text-sm hover:bg-raised hover:text-gold-soft";

/** The admin sidebar's links, the current section marked for sight and for screen readers. */
export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin" className="flex flex-1 flex-col gap-1">
      {LINKS.map((l) => {
        const active = l.href === "/admin" ? pathname === "/admin" : pathname.startsWith(l.href);
        return (
          <Link
            key={l.href}
            href={l.href}
            aria-current={active ? "page" : undefined}
            className={`${linkClass} ${active ? "bg-raised text-gold" : "text-zinc-300"}`}
          >
            {l.label}
          </Link>
        );
      })}
      <Link href="/" className={`${linkClass} text-zinc-300`}>
        Back to app
      </Link>
    </nav>
  );
}
