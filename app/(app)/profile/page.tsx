import type { Metadata } from "next";
import { DetailList } from "@/components/detail-list";
import { LogoutButton } from "@/components/logout-button";
import { requireUser } from "@/lib/auth/page-session";
import { findCountry } from "@/lib/countries";

export const metadata: Metadata = { title: "Profile" };

export default async function ProfilePage() {
  const { user } = await requireUser();
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
            ["Referral code", <span key="code" className="font-mono text-gold-soft">{user.referralCode}</span>],
            ["Withdrawal password", user.withdrawPasswordHash ? "Set" : "Not set"],
          ]}
        />
      </section>
      <LogoutButton className="btn-gold" />
    </div>
  );
}
