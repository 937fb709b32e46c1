import Link from "next/link";

/**
 * Previous / next links that keep the other query parameters. A screen with two lists gives each
 * its own `param` (the page number's query parameter) and `label` (the navigation's name).
 */
export function Pager({
  page,
  pageSize,
  total,
  query,
  param = "page",
  label = "Pages",
}: {
  page: number;
  pageSize: number;
  total: number;
  query: Record<string, string>;
  param?: string;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => `?${new URLSearchParams({ ...query, [param]: String(p) })}`;
  return (
    <nav aria-label={label} className="flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link className="btn-ghost" href={href(page - 1)}>
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Page {Math.min(page, pages)} of {pages}
      </span>
      {page < pages ? (
        <Link className="btn-ghost" href={href(page + 1)}>
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
