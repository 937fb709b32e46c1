import Link from "next/link";
import { Brand } from "@/components/brand";
import { currentAuth } from "@/lib/auth/page-session";
import { siteBrand } from "@/lib/settings/brand";

/** A plain-language document of the site's, with its brand and a way back: Home when signed in, else registration and sign-in. */
export async function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  const [brand, auth] = await Promise.all([siteBrand(), currentAuth()]);
  return (
    <article className="space-y-4 text-sm leading-relaxed text-zinc-200">
      <header className="flex items-center justify-between gap-3">
        <Link
          href={auth ? "/" : "/register"}
          aria-label={auth ? `${brand.siteName} home` : `${brand.siteName}: back to registration`}
          className="min-w-0"
        >
          <Brand name={brand.siteName} logoUrl={brand.logoUrl} />
        </Link>
        <nav aria-label="Back" className="flex shrink-0 gap-2">
          {auth ? (
            <Link href="/" className="btn-ghost">
              <span aria-hidden="true">←&nbsp;</span>Home
            </Link>
          ) : (
            <>
              <Link href="/register" className="btn-ghost">
                <span aria-hidden="true">←&nbsp;</span>Register
              </Link>
              <Link href="/login" className="btn-ghost">
                Sign in
              </Link>
            </>
          )}
        </nav>
      </header>
      <h1 className="text-2xl font-semibold text-zinc-100">{title}</h1>
      {children}
      <p className="text-muted">
        Questions?{" "}
        <a className="text-gold hover:text-gold-soft" href={brand.supportUrl ?? "/contact"}>
          Contact Customer Service
        </a>
      </p>
    </article>
  );
}
