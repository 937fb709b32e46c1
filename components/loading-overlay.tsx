export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div
      role="alert"
      aria-busy="true"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-ink/80 backdrop-blur-sm"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-gold/30 border-t-gold" aria-hidden="true" />
      <span className="text-sm text-gold-soft">{label}</span>
    </div>
  );
}
