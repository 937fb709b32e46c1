import Link from "next/link";
import { assetName } from "@/lib/core/format";

/** A currency to choose, each row a link, with what the user needs to know beside it. */
export function CurrencyList({
  items,
  label,
}: {
  items: { currency: string; href: string; detail: React.ReactNode }[];
  label: string;
}) {
  return (
    <nav aria-label={label} className="card p-0">
      <ul className="divide-y divide-line">
        {items.map((item) => (
          <li key={item.currency}>
            <Link href={item.href} className="flex items-center justify-between gap-3 px-4 py-3 hover:text-gold-soft">
              <span className="font-medium">{assetName(item.currency)}</span>
              <span className="flex items-center gap-2 text-right text-sm text-muted">
                {item.detail}
                <span aria-hidden="true">→</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
