import type { ReactNode } from "react";

export type Column<Row> = {
  label: string;
  cell(row: Row): ReactNode;
  /** Amounts, counts, durations: right-aligned in tabular figures, so digits line up down the column. */
  numeric?: boolean;
  /** The cell names its row (a table's first column, usually): a row header for screen readers. */
  rowHeader?: boolean;
  /** On a card, the value goes under its label with the card's whole width (long details, inputs). */
  stacked?: boolean;
  title?: string;
  className?: string;
};

// Below 1024 px (a phone, a tablet, the admin area without its sidebar) every row is a card of
// "label  value" lines, two cards abreast from 768 px; from 1024 px a table. The header row stays for
// screen readers; the card's labels are drawn from each cell's data-label and not read twice.
const CELL =
  "py-2 pr-4 align-baseline last:pr-0 max-lg:flex max-lg:items-baseline max-lg:justify-between max-lg:gap-4 max-lg:py-1 max-lg:pr-0 max-lg:text-right max-lg:before:shrink-0 max-lg:before:text-left max-lg:before:font-sans max-lg:before:text-sm max-lg:before:font-normal max-lg:before:tracking-normal max-lg:before:text-muted max-lg:before:content-[attr(data-label)_/_'']";
const STACKED = "max-lg:flex-col max-lg:items-stretch max-lg:gap-1 max-lg:text-left";

/**
 * Rows that never clip on a phone: a real table with aligned numeric columns on a desktop, one card
 * per row below. The only markup is the table's (with its roles spelled out, since some browsers drop
 * a table's semantics once its display changes), so there is one copy of every value on the page.
 */
export function DataTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  rowAttributes,
  testId,
}: {
  label: string;
  rows: Row[];
  columns: Column<Row>[];
  rowKey(row: Row): string;
  rowAttributes?(row: Row): Record<`data-${string}`, string>;
  testId?: string;
}) {
  return (
    <table role="table" aria-label={label} data-testid={testId} className="w-full text-left text-sm max-lg:block">
      <thead role="rowgroup" className="max-lg:sr-only">
        <tr role="row" className="border-b border-line">
          {columns.map((c) => (
            <th
              key={c.label}
              role="columnheader"
              scope="col"
              title={c.title}
              className={`py-2 pr-4 font-medium text-muted last:pr-0 ${c.numeric ? "text-right" : ""}`}
            >
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-lg:grid max-lg:gap-3 md:max-lg:grid-cols-2">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            role="row"
            {...rowAttributes?.(row)}
            className="border-b border-line/60 max-lg:block max-lg:min-w-0 max-lg:rounded-2xl max-lg:border max-lg:border-line max-lg:bg-panel max-lg:px-4 max-lg:py-3"
          >
            {columns.map((c) => {
              const className = `${CELL} ${c.stacked ? STACKED : ""} ${c.numeric ? "text-right tabular-nums" : ""} ${c.className ?? ""}`;
              return c.rowHeader ? (
                <th
                  key={c.label}
                  role="rowheader"
                  scope="row"
                  data-label={c.label}
                  className={`${className} font-medium`}
                >
                  <Value>{c.cell(row)}</Value>
                </th>
              ) : (
                <td key={c.label} role="cell" data-label={c.label} className={className}>
                  <Value>{c.cell(row)}</Value>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// One flex item per cell on a phone, however many pieces its value is made of.
const Value = ({ children }: { children: ReactNode }) => (
  <span className="max-lg:min-w-0 max-lg:[overflow-wrap:anywhere]">{children}</span>
);
