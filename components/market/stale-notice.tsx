/** Said wherever a price shows while the feed is stale: the figure is old and trading is halted. */
export function StaleNotice({ className = "" }: { className?: string }) {
  return (
    <p
      role="status"
      className={`rounded-lg border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-red-200 ${className}`}
    >
      Live prices are delayed. Trading is paused until the price feed recovers.
    </p>
  );
}
