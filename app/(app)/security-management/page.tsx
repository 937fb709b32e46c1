import type { Metadata } from "next";
import { AntiPhishingForm } from "@/components/account/anti-phishing-form";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { FreezeAccount } from "@/components/account/freeze-account";
import { LoginHistoryList } from "@/components/account/login-history-list";
import { SessionList } from "@/components/account/session-list";
import { TwoFactorSection } from "@/components/account/two-factor-section";
import { WithdrawPasswordForm } from "@/components/funding/withdraw-password-form";
import { getDb } from "@/db/client";
import { listLoginHistory } from "@/lib/account/login-history";
import { listSessions } from "@/lib/account/sessions";
import { twoFactorState } from "@/lib/account/two-factor";
import { requireUser } from "@/lib/auth/page-session";
import { paginationSchema } from "@/lib/http/query";

export const metadata: Metadata = { title: "Security" };

const HISTORY_PAGE_SIZE = 10;

export default async function SecurityManagementPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user, session } = await requireUser();
  const db = await getDb();
  const { page } = (await searchParams) ?? {};
  const parsed = paginationSchema.safeParse({ page: typeof page === "string" ? page : undefined, pageSize: HISTORY_PAGE_SIZE });
  const [sessions, history, twoFactor] = await Promise.all([
    listSessions(db, user.id, session.id),
    listLoginHistory(db, user.id, parsed.success ? parsed.data : { page: 1, pageSize: HISTORY_PAGE_SIZE }),
    twoFactorState(db, user.id),
  ]);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Security</h1>
      <ChangePasswordForm />
      <TwoFactorSection status={twoFactor} />
      <WithdrawPasswordForm isSet={user.withdrawPasswordHash !== null} />
      <SessionList sessions={sessions} />
      <LoginHistoryList {...history} />
      <AntiPhishingForm code={user.antiPhishingCode} />
      <FreezeAccount />
    </div>
  );
}
