import type { Metadata } from "next";
import { Pager } from "@/components/pager";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { paginationSchema, plainParams } from "@/lib/core/query";
import { isSupportAction } from "@/lib/activity/catalogue";
import { listNotifications } from "@/lib/notifications/list";
import { NotificationList } from "./notification-list";

export const metadata: Metadata = { title: "Notifications" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NotificationsPage({ searchParams }: Props) {
  const { user } = await requireUser();
  const parsed = paginationSchema.safeParse(plainParams(await searchParams));
  const page = parsed.success ? parsed.data : { page: 1, pageSize: 20 };
  const result = await listNotifications(await getDb(), user.id, page);

  return (
    <div className="space-y-4">
      <NotificationList
        notifications={result.notifications}
        unread={result.unread}
        supportActions={result.notifications.filter(isSupportAction).map((n) => n.id)}
      />
      {result.total > result.pageSize && (
        <Pager
          page={result.page}
          pageSize={result.pageSize}
          total={result.total}
          query={{ pageSize: String(result.pageSize) }}
        />
      )}
    </div>
  );
}
