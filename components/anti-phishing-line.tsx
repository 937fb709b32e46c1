/**
 * The recipient's anti-phishing code under a notification, wherever one is shown (the floating
 * dialog, the notifications list): a message from Aurum carries it, a fake one cannot.
 */
export function AntiPhishingLine({ code }: { code: string | null | undefined }) {
  if (!code) return null;
  return (
    <p className="mt-2 text-xs text-muted" data-testid="anti-phishing-line">
      Code: <span className="font-mono font-semibold text-gold-soft">{code}</span>
    </p>
  );
}
