import type { Metadata } from "next";
import { Brand } from "@/components/brand";
import { siteBrand } from "@/lib/settings/brand";
import { ContactForm } from "./contact-form";

export const metadata: Metadata = { title: "Customer Service" };

export default async function ContactPage() {
  const brand = await siteBrand();
  return (
    <>
      <header className="mb-8 text-center">
        <Brand name={brand.siteName} logoUrl={brand.logoUrl} size="lg" />
        <h1 className="mt-6 text-2xl font-semibold">Customer Service</h1>
        <p className="mt-1 text-sm text-muted">
          Can&apos;t sign in, or a question before you open an account? Write to us and we answer by mail.
        </p>
      </header>
      <ContactForm />
      {brand.supportUrl && (
        <p className="mt-6 text-center text-sm text-muted">
          Or use{" "}
          <a
            href={brand.supportUrl}
            className="text-gold hover:text-gold-soft"
            target="_blank"
            rel="noopener noreferrer"
          >
            {brand.siteName}&apos;s help centre
          </a>
          .
        </p>
      )}
    </>
  );
}
