export interface BrandProps {
  name: string;
  logoUrl: string | null;
  size?: "md" | "lg";
}

export function Brand({ name, logoUrl, size = "md" }: BrandProps) {
  const px = size === "lg" ? 32 : 24;
  return (
    <span
      className={`inline-flex min-w-0 items-center gap-2 font-semibold tracking-wide text-gold ${size === "lg" ? "text-3xl" : "text-xl"}`}
    >
      {logoUrl ? (
        // Uploaded logos are served by our own API, already sized by the admin: no optimisation pass, so a
        // plain <img> (what next/image rendered here, unoptimized); next/image put ~5 KB of gzipped client
        // code on every route's first load for it (docs/BENCHMARKS.md, issue 48 §1).
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={logoUrl}
          alt=""
          width={px}
          height={px}
          decoding="async"
          className="shrink-0 rounded-full object-cover"
          style={{ width: px, height: px }}
        />
      ) : (
        <span
          aria-hidden="true"
          className="shrink-0 rounded-full bg-gradient-to-br from-gold-soft to-gold-deep"
          style={{ width: px, height: px }}
        />
      )}
      {/* The whole name wherever there is room; a long one on a phone goes on a second line rather than being cut. */}
      <span data-testid="site-name" className="line-clamp-2 min-w-0 break-words leading-tight" title={name}>
        {name}
      </span>
    </span>
  );
}
