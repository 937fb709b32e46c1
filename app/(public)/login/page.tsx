import type { Metadata } from "next";
import { Brand } from "@/components/brand";
import { siteBrand } from "@/lib/settings/brand";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  const brand = await siteBrand();
  return (
    <>
      <header className="mb-8 text-center">
        <Brand name={brand.siteName} logoUrl={brand.logoUrl} size="lg" />
        <h1 className="mt-6 text-2xl font-semibold">Welcome back</h1>
        <p className="mt-1 text-sm text-muted">Sign in to trade, save and store gold.</p>
      </header>
      <LoginForm next={next ?? null} supportUrl={brand.supportUrl} siteName={brand.siteName} />
    </>
  );
}
