import { FollowBalances } from "@/components/follow-balances";
import { pageReadStartedAt } from "@/lib/auth/page-session";

/**
 * Keeps a screen's balances current: put it on any signed-in page that shows them. It tells the
 * browser when the page began reading its data, so a change announced before the browser was
 * listening (while the page loaded, or on the way to it) is caught too, and one the data already
 * has is not read again.
 */
export function RefreshOnBalance() {
  return <FollowBalances readAt={pageReadStartedAt()} />;
}
