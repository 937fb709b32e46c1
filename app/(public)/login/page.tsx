import type { Metadata } from "next";
import Link from "next/link";
import { Brand } from "@/components/brand";
import { siteBrand } from "@/lib/settings/brand";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; frozen?: string }>;
}) {
  const { next, frozen } = await searchParams;
  const brand = await siteBrand();
  return (
    <>
      <header className="mb-8 text-center">
        <Brand name={brand.siteName} logoUrl={brand.logoUrl} size="lg" />
        <h1 className="mt-6 text-2xl font-semibold">Welcome back</h1>
        <p className="mt-1 text-sm text-muted">Sign in to trade, save and store gold.</p>
      </header>
      {frozen === "1" && (
        <p role="status" className="card mb-6 border-danger/60 text-sm text-zinc-200" data-testid="frozen-notice">
          Your account is frozen and every session was signed out.{" "}
          <Link href={brand.supportUrl ?? "/contact"} className="text-gold hover:text-gold-soft">
            Contact Customer Service
          </Link>{" "}
          to unfreeze it.
        </p>
      )}
      <LoginForm next={next ?? null} supportUrl={brand.supportUrl} siteName={brand.siteName} />
      <p className="mt-8 text-center text-sm text-muted">
        What {brand.siteName} owes its users, published daily:{" "}
        <Link href="/proof-of-reserves" className="font-medium text-gold hover:text-gold-soft">
          Proof of liabilities
        </Link>
      </p>
    </>
  );
}
