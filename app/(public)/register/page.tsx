import type { Metadata } from "next";
import { aurumIs } from "@/lib/info/about";
import { Brand } from "@/components/brand";
import { siteBrand } from "@/lib/settings/brand";
import { RegisterForm } from "./register-form";

export const metadata: Metadata = { title: "Register" };

export default async function RegisterPage({ searchParams }: { searchParams: Promise<{ ref?: string }> }) {
  const { ref } = await searchParams;
  const brand = await siteBrand();
  return (
    <>
      <header className="mb-6 text-center">
        <Brand name={brand.siteName} logoUrl={brand.logoUrl} size="lg" />
        <h1 className="mt-5 text-2xl font-semibold">Create your account</h1>
        <p className="mt-1 text-sm text-muted">{aurumIs(brand.siteName)}</p>
      </header>
      <RegisterForm referralCode={ref ?? ""} />
    </>
  );
}
