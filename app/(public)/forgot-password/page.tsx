import type { Metadata } from "next";
import { Brand } from "@/components/brand";
import { smtpConfigured } from "@/lib/mail/transport";
import { siteBrand } from "@/lib/settings/brand";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default async function ForgotPasswordPage() {
  const brand = await siteBrand();
  return (
    <>
      <header className="mb-8 text-center">
        <Brand name={brand.siteName} logoUrl={brand.logoUrl} size="lg" />
        <h1 className="mt-6 text-2xl font-semibold">Forgot your password?</h1>
        <p className="mt-1 text-sm text-muted">
          Enter your username or email and we will send a link to choose a new one.
        </p>
      </header>
      <ForgotPasswordForm />
      {!smtpConfigured() && (
        <p className="mt-6 text-center text-xs text-muted" data-testid="admin-reset-note">
          Administrators: this server sends no mail, so no link comes for an administrator&apos;s account. Ask another
          administrator to reset your password (it needs a second one&apos;s approval), or the operator.
        </p>
      )}
    </>
  );
}
