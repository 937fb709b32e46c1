import { FollowBalances } from "@/components/follow-balances";

/**
 * Keeps a screen's balances current: put it on any page that shows them. Rendered on the server,
 * it tells the browser when the page's data was read, so a change announced before the browser was
 * listening (while the page loaded, or on the way to it) is caught too.
 */
export function RefreshOnBalance() {
  // A server component renders once per request: this is when that request's page was read.
  // eslint-disable-next-line react-hooks/purity
  return <FollowBalances renderedAt={Date.now()} />;
}
