import type { Metadata } from "next";
import Link from "next/link";
import { Brand } from "@/components/brand";
import { getDb } from "@/db/client";
import { liveResetToken } from "@/lib/auth/reset-tokens";
import { siteBrand } from "@/lib/settings/brand";
import { ResetPasswordForm } from "./reset-password-form";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token: raw } = await searchParams;
  const token = typeof raw === "string" && raw.length <= 200 ? raw : null;
  // Said before the user types a new password, not after.
  const usable = token !== null && (await liveResetToken(await getDb(), token)) !== undefined;
  const brand = await siteBrand();
  return (
    <>
      <header className="mb-8 text-center">
        <Brand name={brand.siteName} logoUrl={brand.logoUrl} size="lg" />
        <h1 className="mt-6 text-2xl font-semibold">{usable ? "Choose a new password" : "This link does not work"}</h1>
        {usable && <p className="mt-1 text-sm text-muted">Resetting signs you out on every device.</p>}
      </header>
      {usable ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="card space-y-4 p-6" role="alert">
          <p>This password reset link is invalid, expired or already used.</p>
          <p className="text-sm text-muted">A link works once, for 30 minutes, and only the latest one sent works.</p>
          <Link href="/forgot-password" className="btn-gold w-full">
            Ask for a new link
          </Link>
          <Link href="/login" className="btn-ghost w-full">
            Back to sign in
          </Link>
        </div>
      )}
    </>
  );
}
