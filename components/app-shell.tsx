"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Brand, type BrandProps } from "@/components/brand";
import { LiveIndicator } from "@/components/live-indicator";
import { LoadingSkeleton } from "@/components/loading-skeleton";
import { LogoutButton } from "@/components/logout-button";
import { NotificationCenter } from "@/components/notification-center";
import { RealtimeProvider } from "@/components/realtime-provider";
import { UnreadBadge } from "@/components/unread-badge";
import { storedToken } from "@/components/hooks/session";

const TABS = [
  { href: "/", label: "Home", icon: "M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" },
  { href: "/market", label: "Market", icon: "M3 3v18h18M7 15l4-4 3 3 6-7" },
  { href: "/trade", label: "Trade", icon: "M7 4v16M7 4l-3 3M7 4l3 3M17 20V4M17 20l-3-3M17 20l3-3" },
  { href: "/record", label: "Records", icon: "M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" },
  { href: "/profile", label: "Profile", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0" },
];

// On a desktop the sidebar has room for where money moves, one click from any screen.
const WALLET = [
  { href: "/deposit", label: "Deposit" },
  { href: "/withdraw", label: "Withdraw" },
  // Savings plans are offered on Home (there is no savings screen of their own): the link lands on them.
  { href: "/#savings", label: "Savings" },
  { href: "/storage", label: "Storage" },
  { href: "/ai-trading", label: "AI trading" },
];

/**
 * The path a click on a link inside the shell leads to, when it is a plain click on a link to another
 * screen of this site in this tab (not a new tab, a download, another site, or this same screen).
 */
function inAppLink(event: React.MouseEvent): string | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download"))
    return null;
  if (link.origin !== window.location.origin || link.pathname === window.location.pathname) return null;
  return link.pathname;
}

type ShellProps = { isAdmin: boolean; brand: BrandProps; children: React.ReactNode };

/** The signed-in area with its live connection: notifications arrive wherever the user is. */
export function AppShell({ unread, ...props }: ShellProps & { unread: number }) {
  return (
    <RealtimeProvider>
      <NotificationCenter initialUnread={unread}>
        <ShellFrame {...props} />
      </NotificationCenter>
    </RealtimeProvider>
  );
}

// Screens that use a desktop's whole width; the others (forms, lists, settings) keep a readable column.
const WIDE = ["/", "/trade", "/market", "/record", "/records"];

/**
 * The signed-in area: a header, the page, and the main navigation, which is a bottom tab bar on a
 * phone or tablet and a sidebar from 1024 px, where the page gets the width beside it.
 */
function ShellFrame({ isAdmin, brand, children }: ShellProps) {
  const pathname = usePathname();
  const router = useRouter();
  // Where the user just asked to go, from which screen: shown at once, while its screen loads.
  const [going, setGoing] = useState<{ to: string; from: string } | null>(null);
  const target = going?.from === pathname ? going.to : null;
  const isHere = (href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));
  const chosen = target && TABS.find((tab) => (tab.href === "/" ? target === "/" : target.startsWith(tab.href)))?.href;
  // Between a link's tap and its screen's arrival, the shape of a screen rather than the old one. The
  // shell does this rather than a loading.tsx, whose Suspense boundary would also hold back a first
  // load's content until scripts reveal it: a first load gets the server's whole page in its HTML.
  const leaving = target !== null && target !== pathname;
  const wide = WIDE.some((href) =>
    href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`),
  );

  // The spec's client-side check: no token in local storage means back to login.
  useEffect(() => {
    if (!storedToken()) router.replace("/login");
  }, [router]);

  const follow = (event: React.MouseEvent) => {
    const to = inAppLink(event);
    if (to) setGoing({ to, from: pathname });
  };

  return (
    <div
      onClickCapture={follow}
      className="mx-auto flex min-h-dvh w-full max-w-md flex-col border-x border-line/40 md:max-w-3xl lg:grid lg:max-w-none lg:grid-cols-[11rem_minmax(0,1fr)] xl:grid-cols-[13rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:border-x-0"
    >
      <header className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-line bg-ink/90 px-4 py-3 backdrop-blur md:px-6 lg:col-span-2 lg:h-16">
        <Link href="/" aria-label={`${brand.name} home`} className="flex min-w-0">
          <Brand {...brand} />
        </Link>
        <div className="flex shrink-0 items-center gap-2 lg:gap-3">
          <LiveIndicator />
          <UnreadBadge />
          {isAdmin && (
            <Link href="/admin" className="btn-ghost">
              Admin
            </Link>
          )}
          <LogoutButton />
        </div>
      </header>
      <main className="flex-1 px-4 pb-24 pt-4 md:px-6 lg:col-start-2 lg:row-start-2 lg:px-6 lg:pb-10 lg:pt-6 xl:px-8">
        <div className={wide ? "" : "lg:mx-auto lg:max-w-3xl"}>{leaving ? <LoadingSkeleton /> : children}</div>
      </main>
      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-20 mx-auto flex max-w-md border-t border-line bg-panel/95 backdrop-blur md:max-w-3xl lg:sticky lg:inset-x-auto lg:bottom-auto lg:top-16 lg:col-start-1 lg:row-start-2 lg:mx-0 lg:h-[calc(100dvh-4rem)] lg:max-w-none lg:flex-col lg:gap-1 lg:self-start lg:border-r lg:border-t-0 lg:bg-panel/60 lg:p-3"
      >
        {TABS.map((tab) => {
          const here = isHere(tab.href);
          const active = chosen ? chosen === tab.href : here;
          return (
            <Link
              key={tab.href}
              href={tab.href}
              aria-current={active ? "page" : undefined}
              className={`flex flex-1 flex-col items-center gap-1 py-2.5 text-xs lg:flex-none lg:flex-row lg:gap-3 lg:rounded-lg lg:px-3 lg:text-sm ${active ? "text-gold lg:bg-raised" : "text-muted hover:text-zinc-200 lg:hover:bg-raised/60"}`}
            >
              <svg
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={tab.icon} />
              </svg>
              {tab.label}
            </Link>
          );
        })}
        <p className="mt-4 hidden px-3 text-xs font-medium uppercase tracking-wide text-muted lg:block">Wallet</p>
        {WALLET.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            aria-current={isHere(link.href) ? "page" : undefined}
            className={`hidden rounded-lg px-3 py-2 text-sm lg:block ${isHere(link.href) ? "bg-raised text-gold" : "text-zinc-300 hover:bg-raised/60 hover:text-zinc-100"}`}
          >
            {link.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
