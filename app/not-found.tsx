import { Brand } from "@/components/brand";
import { siteBrand } from "@/lib/settings/brand";

/**
 * Any address that leads nowhere: the site's own look, and a way back. Plain links, no client code:
 * Next loads this boundary's scripts with the first page of routes nested under it (/market, /trade),
 * so next/link here cost those routes ~3 KB gzipped for a page they do not show.
 */
export default async function NotFound() {
  const brand = await siteBrand();
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col">
      <header className="flex items-center border-b border-line px-4 py-3">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, on purpose (above) */}
        <a href="/" aria-label={`${brand.siteName} home`}>
          <Brand name={brand.siteName} logoUrl={brand.logoUrl} />
        </a>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
        <p className="text-6xl font-semibold text-gold-soft">404</p>
        <h1 className="text-xl font-semibold">This page does not exist</h1>
        <p className="text-sm text-muted">The address may be mistyped, or the page may have moved.</p>
        {/* The header already names the site: the button says where it leads. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, on purpose (above) */}
        <a href="/" className="btn-gold w-auto px-6">
          Back to the home page
        </a>
      </main>
    </div>
  );
}
