import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { SessionList } from "@/components/account/session-list";
import { WithdrawPasswordForm } from "@/components/funding/withdraw-password-form";
import { getDb } from "@/db/client";
import { listSessions } from "@/lib/account/sessions";
import { requireUser } from "@/lib/auth/page-session";

export const metadata: Metadata = { title: "Security" };

export default async function SecurityManagementPage() {
  const { user, session } = await requireUser();
  const sessions = await listSessions(await getDb(), user.id, session.id);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Security</h1>
      <ChangePasswordForm />
      <WithdrawPasswordForm isSet={user.withdrawPasswordHash !== null} />
      <SessionList sessions={sessions} />
    </div>
  );
}
