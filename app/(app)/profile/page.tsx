import type { Metadata } from "next";
import Link from "next/link";
import { DetailList } from "@/components/detail-list";
import { INFO_PAGES } from "@/components/info-page";
import { LogoutButton } from "@/components/logout-button";
import { requireUser } from "@/lib/auth/page-session";
import { findCountry } from "@/lib/core/countries";
import { SupportStatusBadge } from "@/components/support/status-badge";
import { Time } from "@/components/time";
import { getDb } from "@/db/client";
import { listConversations } from "@/lib/support/list-conversations";

export const metadata: Metadata = { title: "Profile" };

// The spec's secondary screens; the rest join this list as their features land.
const MENU = [
  { href: "/personal-info", label: "Personal Info" },
  { href: "/security-management", label: "Security" },
  { href: "/security-management#activity", label: "Account activity" },
  { href: "/api-keys", label: "API keys" },
  { href: "/invite-friends", label: "Invite Friends" },
  { href: "/deposit", label: "Deposit" },
  { href: "/withdraw", label: "Withdraw" },
  { href: "/#savings", label: "Savings" },
  { href: "/storage", label: "XAUt Storage" },
  { href: "/notifications", label: "Notifications" },
  { href: "/support", label: "Customer Service" },
  { href: "/records", label: "Transaction Records" },
  { href: "/market", label: "Tether Gold Market" },
];

export default async function ProfilePage() {
  const { user } = await requireUser();
  const support = await listConversations(await getDb(), { userId: user.id, page: { page: 1, pageSize: 3 } });
  const phone = user.phoneNumber ? `${user.phoneCode ?? ""} ${user.phoneNumber}` : "—";
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Profile</h1>
      <section className="card">
        <DetailList
          items={[
            ["Username", user.username],
            ["Email", user.email],
            ["Country", findCountry(user.country)?.name ?? "—"],
            ["Phone", phone],
            [
              "Referral code",
              <span key="code" className="font-mono text-gold-soft">
                {user.referralCode}
              </span>,
            ],
            ["Withdrawal password", user.withdrawPasswordHash ? "Set" : "Not set"],
          ]}
        />
      </section>
      <section aria-labelledby="support-heading" className="card p-0" data-testid="profile-support">
        <div className="flex items-center justify-between gap-3 px-4 pb-1 pt-3">
          <h2 id="support-heading" className="font-semibold">
            Customer Service
          </h2>
          <Link href="/support" className="text-sm text-gold hover:text-gold-soft">
            {support.total > 0 ? "All conversations" : "Ask Aurum support"}
            <span aria-hidden="true"> →</span>
          </Link>
        </div>
        {support.conversations.length === 0 ? (
          <p className="px-4 pb-3 text-sm text-muted">
            A question about your account, a deposit or a withdrawal? Write to Aurum support: answers come here and as a
            notification.
          </p>
        ) : (
          <ul className="divide-y divide-line">
            {support.conversations.map((c) => (
              <li key={c.id}>
                <Link
                  href={`/support/${c.id}`}
                  className="flex items-center justify-between gap-3 px-4 py-3 hover:text-gold-soft"
                >
                  <span className="min-w-0">
                    <span className="block truncate">{c.subject}</span>
                    <span className="block text-xs text-muted">
                      <Time at={c.lastMessageAt} />
                    </span>
                  </span>
                  <SupportStatusBadge status={c.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <nav aria-label="Account" className="card p-0">
        <ul className="divide-y divide-line">
          {MENU.map((item) => (
            <li key={item.href}>
              <Link href={item.href} className="flex items-center justify-between px-4 py-3 hover:text-gold-soft">
                {item.label}
                <span aria-hidden="true" className="text-muted">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="learn-heading" className="card p-0">
        <h2 id="learn-heading" className="px-4 pb-1 pt-3 text-sm font-semibold uppercase tracking-widest text-muted">
          Learn
        </h2>
        <ul className="divide-y divide-line">
          {INFO_PAGES.map((page) => (
            <li key={page.href}>
              <Link href={page.href} className="flex items-center justify-between gap-3 px-4 py-3 hover:text-gold-soft">
                <span>
                  {page.label}
                  <span className="block text-xs text-muted">{page.blurb}</span>
                </span>
                <span aria-hidden="true" className="text-muted">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LogoutButton className="btn-gold" />
    </div>
  );
}
