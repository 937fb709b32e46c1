import Link from "next/link";
import { Brand } from "@/components/brand";
import { currentAuth } from "@/lib/auth/page-session";
import { siteBrand } from "@/lib/settings/brand";

/** The information pages, readable without an account; Profile and every page's "Read next" list them. */
export const INFO_PAGES = [
  {
    href: "/advantages-of-ai-trading",
    label: "Advantages of AI trading",
    blurb: "The two automated strategies, worked examples, and their risks.",
  },
  {
    href: "/option-trading",
    label: "Option trading",
    blurb: "What options are, what they can cost, and what is offered instead.",
  },
  {
    href: "/store-xaut",
    label: "Storing XAUt",
    blurb: "The vault: what it earns, how to store and retrieve, and what it is not.",
  },
  {
    href: "/whitepaper",
    label: "Whitepaper",
    blurb: "Custody, the ledger, prices, fees, funding, and what is guaranteed.",
  },
  {
    href: "/proof-of-reserves",
    label: "Proof of liabilities",
    blurb: "What Aurum owes in total, published daily, and a check that your balance is in it.",
  },
  {
    href: "/api-docs",
    label: "API reference",
    blurb: "Every route for programs, how to sign requests with an API key, and examples.",
  },
] as const;

export type InfoPath = (typeof INFO_PAGES)[number]["href"];

/** Links inside the text. */
export const textLink = "text-gold underline decoration-gold/40 underline-offset-2 hover:text-gold-soft";

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * One information page: the site's header with a way back (Home when signed in, Sign in otherwise),
 * the title and lead, the page's sections, the other information pages, and the legal links. A
 * reading column on desktop (`wide`: room for a reference's two panes), the full width of a phone.
 * `appendix` is a widget with a <main> of its own (Scalar's reference): it goes after the text, and
 * the text becomes a named region instead, so the page has one main landmark and it is top-level.
 */
export async function InfoPage({
  path,
  title,
  lead,
  wide = false,
  appendix,
  children,
}: {
  path: InfoPath;
  title: string;
  lead: React.ReactNode;
  wide?: boolean;
  appendix?: React.ReactNode;
  children: React.ReactNode;
}) {
  const Body = appendix ? "div" : "main";
  const Text = appendix ? "section" : "article";
  const [brand, auth] = await Promise.all([siteBrand(), currentAuth()]);
  const signedIn = auth !== null;
  return (
    <div className={`mx-auto flex min-h-dvh w-full flex-col px-5 sm:px-8 ${wide ? "max-w-6xl" : "max-w-2xl"}`}>
      <div
        className="pointer-events-none fixed inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-gold/15 to-transparent"
        aria-hidden="true"
      />
      <header className="flex items-center justify-between gap-3 border-b border-line py-3">
        <Link
          href={signedIn ? "/" : "/login"}
          aria-label={signedIn ? `${brand.siteName} home` : `${brand.siteName}: sign in`}
          className="min-w-0"
        >
          <Brand name={brand.siteName} logoUrl={brand.logoUrl} />
        </Link>
        {signedIn ? (
          <Link href="/" className="btn-ghost shrink-0">
            <span aria-hidden="true">←&nbsp;</span>Home
          </Link>
        ) : (
          <Link href="/login" className="btn-ghost shrink-0">
            Sign in
          </Link>
        )}
      </header>
      <Body className="flex-1 py-8">
        <Text
          aria-label={appendix ? title : undefined}
          className="space-y-10 text-[0.95rem] leading-relaxed text-zinc-200"
        >
          <header className="space-y-3">
            <p className="text-xs font-semibold uppercase tracking-widest text-gold">{brand.siteName} · Learn</p>
            <h1 className="text-3xl font-semibold leading-tight text-zinc-50 sm:text-4xl">{title}</h1>
            <div className="text-lg text-zinc-300">{lead}</div>
          </header>
          {children}
        </Text>
        {appendix && <div className="mt-10">{appendix}</div>}
        {!signedIn && brand.registrationOpen && (
          <section
            className="card mt-10 flex flex-col gap-3 bg-gradient-to-br from-gold/15 via-panel to-panel sm:flex-row sm:items-center sm:justify-between"
            aria-label="Open an account"
          >
            <p className="text-sm text-zinc-200">Trade, save and store XAUt with {brand.siteName}.</p>
            <Link href="/register" className="btn-gold sm:w-auto sm:px-6">
              Open an account
            </Link>
          </section>
        )}
        <nav aria-label="Read next" className="mt-10">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-widest text-muted">Read next</h2>
          <ul className="grid gap-3 sm:grid-cols-3">
            {INFO_PAGES.filter((p) => p.href !== path).map((p) => (
              <li key={p.href}>
                <Link href={p.href} className="card block h-full transition hover:border-gold">
                  <span className="font-semibold text-gold-soft">{p.label}</span>
                  <span className="mt-1 block text-sm text-muted">{p.blurb}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Body>
      <footer className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line py-5 text-sm text-muted">
        <Link href="/terms" className="hover:text-gold-soft">
          Terms of Service
        </Link>
        <Link href="/privacy" className="hover:text-gold-soft">
          Privacy Policy
        </Link>
        <Link href="/legality" className="hover:text-gold-soft">
          Legality
        </Link>
        <a href={brand.supportUrl ?? "/contact"} className="hover:text-gold-soft">
          Customer Service
        </a>
      </footer>
    </div>
  );
}

/** A titled part of an information page. */
export function InfoSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = slug(title);
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-gold-soft">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A bulleted list in the text. */
export function Bullets({ children }: { children: React.ReactNode }) {
  return <ul className="list-disc space-y-1.5 pl-5 marker:text-gold">{children}</ul>;
}

export interface Figure {
  /** Names the value for tests: data-testid="figure-{id}". */
  id: string;
  label: string;
  value: React.ReactNode;
}

/** Figures read from the settings now, as a labelled list. */
export function Figures({
  title,
  items,
  children,
}: {
  title: React.ReactNode;
  items: Figure[];
  children?: React.ReactNode;
}) {
  return (
    <div className="card">
      <h3 className="mb-1 text-sm font-semibold uppercase tracking-widest text-muted">{title}</h3>
      <dl className="divide-y divide-line">
        {items.map((f) => (
          <div key={f.id} className="flex items-baseline justify-between gap-4 py-2.5 text-sm">
            <dt className="text-zinc-300">{f.label}</dt>
            <dd
              className="whitespace-nowrap text-right font-semibold tabular-nums text-zinc-50"
              data-testid={`figure-${f.id}`}
            >
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
      {children && <div className="mt-2 text-xs text-muted">{children}</div>}
    </div>
  );
}

/**
 * A worked example: labelled amounts, computed from the settings, the last row the result. The
 * caption says what is assumed.
 */
export function Worked({
  title,
  rows,
  children,
}: {
  title: string;
  rows: [label: React.ReactNode, value: React.ReactNode][];
  children?: React.ReactNode;
}) {
  return (
    <figure className="card space-y-2">
      <figcaption className="font-semibold text-zinc-50">{title}</figcaption>
      {children && <div className="text-sm text-muted">{children}</div>}
      <table className="data-table">
        <tbody className="divide-y divide-line">
          {rows.map(([label, value], i) => (
            <tr key={i} className={i === rows.length - 1 ? "font-semibold text-gold-soft" : undefined}>
              <th scope="row" className={i === rows.length - 1 ? "text-gold-soft" : "font-normal text-zinc-300"}>
                {label}
              </th>
              <td className="whitespace-nowrap text-right tabular-nums">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * A table of figures: the first column names the row, the next `textColumns - 1` are words, the
 * others right-aligned numbers.
 */
export function FigureTable({
  caption,
  columns,
  rows,
  textColumns = 1,
  children,
}: {
  caption: string;
  columns: string[];
  rows: React.ReactNode[][];
  textColumns?: number;
  children?: React.ReactNode;
}) {
  return (
    <figure className="card space-y-2">
      <figcaption className="font-semibold text-zinc-50">{caption}</figcaption>
      {children && <div className="text-sm text-muted">{children}</div>}
      <div className="overflow-x-auto">
        {/* Cells closer together on a phone, so five columns fit 390 px. */}
        <table className="data-table text-xs sm:text-sm [&_td]:pr-2 [&_th]:pr-2 sm:[&_td]:pr-4 sm:[&_th]:pr-4">
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={c} scope="col" className={i < textColumns ? undefined : "text-right"}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((cells, r) => (
              <tr key={r}>
                {cells.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="font-normal text-zinc-300">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className={i < textColumns ? undefined : "whitespace-nowrap text-right tabular-nums"}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** A box the reader should not skip: a risk, or a plain statement of what something is not. */
export function Callout({
  tone,
  title,
  children,
}: {
  tone: "risk" | "note";
  title: string;
  children: React.ReactNode;
}) {
  const frame = tone === "risk" ? "border-danger/50 bg-danger/5" : "border-gold/50 bg-gold/5";
  return (
    <div role="note" className={`space-y-2 rounded-2xl border p-4 ${frame}`} aria-label={title}>
      <p className={`font-semibold ${tone === "risk" ? "text-danger" : "text-gold-soft"}`}>{title}</p>
      <div className="space-y-2 text-sm text-zinc-200">{children}</div>
    </div>
  );
}
