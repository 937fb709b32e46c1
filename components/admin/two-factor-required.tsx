import { TwoFactorSection, type TwoFactorStatus } from "@/components/account/two-factor/section";
import { Brand } from "@/components/brand";
import { LogoutButton } from "@/components/logout-button";

/**
 * What an administrator without two-factor sign-in sees on every admin screen: the set-up, and
 * why. The admin API refuses them too (403 ADMIN_TWO_FACTOR_REQUIRED), so this is the way in.
 */
export function TwoFactorRequired({
  username,
  brand,
  status,
}: {
  username: string;
  brand: { siteName: string; logoUrl: string | null };
  status: TwoFactorStatus;
}) {
  return (
    <main className="mx-auto min-h-dvh max-w-lg space-y-5 px-4 py-8" data-testid="admin-two-factor-required">
      <Brand name={brand.siteName} logoUrl={brand.logoUrl} />
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Set up two-factor sign-in</h1>
        <p className="text-sm text-muted">
          Administrators sign in with a password and a code from an authenticator app on their phone. Every approval
          counts on two different people: a password someone learnt, or reset, must not be enough to act as you. The
          admin area opens once two-factor sign-in is on.
        </p>
      </div>
      <TwoFactorSection status={status} />
      <div className="flex items-center justify-between gap-3 border-t border-line pt-4 text-sm">
        <p className="text-muted">
          Signed in as <span className="text-zinc-100">{username}</span>
        </p>
        <LogoutButton />
      </div>
    </main>
  );
}
