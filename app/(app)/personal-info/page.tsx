import type { Metadata } from "next";
import { PersonalInfoForm } from "@/components/account/personal-info-form";
import { DetailList } from "@/components/detail-list";
import { requireUser } from "@/lib/auth/page-session";
import { Time } from "@/components/time";

export const metadata: Metadata = { title: "Personal Info" };

export default async function PersonalInfoPage() {
  const { user } = await requireUser();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Personal Info</h1>
      <section className="card">
        <DetailList
          items={[
            ["Username", user.username],
            ["Member since", <Time key="m" at={user.createdAt.toISOString()} date />],
          ]}
        />
        <p className="mt-2 text-xs text-muted">Your username cannot be changed.</p>
      </section>
      <PersonalInfoForm email={user.email} country={user.country ?? ""} phoneNumber={user.phoneNumber ?? ""} />
    </div>
  );
}
