import Link from "next/link";
import { Brand } from "@/components/brand";
import { siteBrand } from "@/lib/settings/brand";

/** A plain-language document of the site's, with its brand and a way back to registering. */
export async function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  const brand = await siteBrand();
  return (
    <article className="space-y-4 text-sm leading-relaxed text-zinc-200">
      <Link href="/register" aria-label={`${brand.siteName}: back to registration`}><Brand name={brand.siteName} logoUrl={brand.logoUrl} /></Link>
      <h1 className="text-2xl font-semibold text-zinc-100">{title}</h1>
      {children}
      <p className="text-muted">
        Questions? {brand.supportUrl ? <a className="text-gold hover:text-gold-soft" href={brand.supportUrl}>Contact customer service</a> : "Contact customer service from the sign-in page."}
      </p>
    </article>
  );
}
