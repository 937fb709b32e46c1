/** Shown at once while a screen loads (user and admin areas): the shape of what is coming, not a blank page. */
export function LoadingSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-live="polite" data-testid="loading">
      <span className="sr-only">Loading…</span>
      <div className="h-7 w-40 animate-pulse rounded-lg bg-raised" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="card space-y-3">
          <div className="h-4 w-1/3 animate-pulse rounded bg-raised" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-raised" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-raised" />
        </div>
      ))}
    </div>
  );
}
