import type { Metadata } from "next";
import { ActivityList } from "@/components/account/activity-list";
import { AntiPhishingForm } from "@/components/account/anti-phishing-form";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { FreezeAccount } from "@/components/account/freeze-account";
import { LoginHistoryList } from "@/components/account/login-history-list";
import { NotificationChoices } from "@/components/account/notification-choices";
import { PushDevices } from "@/components/account/push-devices";
import { SessionList } from "@/components/account/session-list";
import { TwoFactorSection } from "@/components/account/two-factor/section";
import { WithdrawPasswordForm } from "@/components/funding/withdraw-password-form";
import { SectionNav } from "@/components/section-nav";
import { getDb } from "@/db/client";
import { listLoginHistory } from "@/lib/auth/login-history";
import { listSessions } from "@/lib/auth/own-sessions";
import { listActivity } from "@/lib/activity/list";
import { getMailPreference } from "@/lib/activity/mail-preference";
import { getPreferences } from "@/lib/notifications/preferences";
import { listSubscriptions } from "@/lib/push/subscriptions";
import { twoFactorState } from "@/lib/auth/two-factor/enrolment";
import { requireUser } from "@/lib/auth/page-session";
import { paginationSchema } from "@/lib/core/query";

export const metadata: Metadata = { title: "Security" };

// A phone would otherwise scroll through ten cards: the sections a person can jump to, in page order.
const SECTIONS = [
  { id: "sign-in", label: "Sign-in" },
  { id: "withdrawals", label: "Withdrawals" },
  { id: "activity", label: "Activity" },
  { id: "alerts", label: "Mail and alerts" },
  { id: "freeze", label: "Freeze" },
];

const HISTORY_PAGE_SIZE = 10;
const ACTIVITY_PAGE_SIZE = 10;

/** A list's page from the screen's query, or its first page. */
function pageOf(value: string | string[] | undefined, pageSize: number) {
  const parsed = paginationSchema.safeParse({ page: typeof value === "string" ? value : undefined, pageSize });
  return parsed.success ? parsed.data : { page: 1, pageSize };
}

export default async function SecurityManagementPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user, session } = await requireUser();
  const db = await getDb();
  const { page, activityPage } = (await searchParams) ?? {};
  const [historyAt, activityAt] = [pageOf(page, HISTORY_PAGE_SIZE), pageOf(activityPage, ACTIVITY_PAGE_SIZE)];
  const [sessions, history, twoFactor, activity, mail, choices, pushDevices] = await Promise.all([
    listSessions(db, user.id, session.id),
    listLoginHistory(db, user.id, historyAt),
    twoFactorState(db, user.id),
    listActivity(db, user.id, activityAt),
    getMailPreference(db, user.id),
    getPreferences(db, user.id),
    listSubscriptions(db, user.id),
  ]);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Security</h1>
      <SectionNav sections={SECTIONS} />
      <div id="sign-in" className="scroll-mt-20 space-y-4">
        <ChangePasswordForm />
        <TwoFactorSection status={twoFactor} />
        <SessionList sessions={sessions} />
        <LoginHistoryList {...history} query={{ activityPage: String(activityAt.page) }} />
      </div>
      <div id="withdrawals" className="scroll-mt-20">
        <WithdrawPasswordForm isSet={user.withdrawPasswordHash !== null} />
      </div>
      <div id="activity" className="scroll-mt-20">
        <ActivityList {...activity} query={{ page: String(historyAt.page) }} />
      </div>
      <div id="alerts" className="scroll-mt-20 space-y-4">
        <AntiPhishingForm code={user.antiPhishingCode} />
        <PushDevices devices={pushDevices} />
        <NotificationChoices choices={choices} securityMail={mail.always} />
      </div>
      <div id="freeze" className="scroll-mt-20">
        <FreezeAccount />
      </div>
    </div>
  );
}
