import type { Metadata } from "next";
import { requireAdmin } from "@/lib/auth/page-session";
import { MESSAGE_MAX, TITLE_MAX } from "@/lib/notifications/schema";
import { SendNotificationForm } from "./send-form";

export const metadata: Metadata = { title: "Create notifications" };

export default async function CreateNotificationsPage() {
  await requireAdmin();
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Create notifications</h1>
        <p className="mt-1 text-sm text-muted">
          Signed-in users see it at once in a dialog; everyone finds it in their notification centre.
        </p>
      </div>
      <SendNotificationForm titleMax={TITLE_MAX} messageMax={MESSAGE_MAX} />
    </div>
  );
}
