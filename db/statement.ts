import type { Db } from "@/db/client";
import { query } from "@/db/raw";
import { isTransaction, NO_FLUSH } from "@/db/transaction";

/**
 * SQL text with its values kept apart, composed by the `q` tag. It exists because building a
 * statement with drizzle's `sql` costs ~0.3-0.7 ms of the event loop for the sign-in's larger ones
 * (its chunk walk checks every piece's kind), more than PostgreSQL spends running them; joining
 * strings costs microseconds. Only for statements whose text is fixed apart from the values: the
 * text is what PostgreSQL prepares once per connection.
 * Composes the sign-in's and the rate limits' statements, whose number of parts varies; db/raw.ts runs them.
 */
export interface Fragment {
  strings: readonly string[];
  values: readonly unknown[];
}

const isFragment = (value: unknown): value is Fragment =>
  typeof value === "object" &&
  value !== null &&
  "strings" in value &&
  "values" in value &&
  Array.isArray((value as Fragment).values);

/** A piece of SQL: each `${value}` becomes a parameter, and a `${fragment}` is spliced in. */
export const q = (strings: TemplateStringsArray, ...values: unknown[]): Fragment => ({ strings, values });

/** SQL text taken as it is (names the code chose, never input). */
export const raw = (text: string): Fragment => ({ strings: [text], values: [] });

export function join(fragments: Fragment[], separator: string): Fragment {
  const values: unknown[] = [];
  const strings: string[] = [""];
  fragments.forEach((fragment, i) => {
    strings[strings.length - 1] += i === 0 ? "" : separator;
    values.push(fragment);
    strings.push("");
  });
  return { strings, values };
}

function render(fragment: Fragment, params: unknown[]): string {
  let text = fragment.strings[0]!;
  fragment.values.forEach((value, i) => {
    if (isFragment(value)) text += render(value, params);
    else text += `$${params.push(value)}`;
    text += fragment.strings[i + 1]!;
  });
  return text;
}

/** Runs `fragment` on `db` (the database or a transaction) through db/raw.ts, the rows as the driver reads them. */
export function runStatement<T>(db: Db, fragment: Fragment): Promise<T[]> {
  const params: unknown[] = [];
  const text = render(fragment, params);
  return query<T>(db, text, params);
}

/**
 * `NO_FLUSH` as an item for the select list of a one-row statement (evaluated once whatever the
 * statement's rows): for a throttle's counts, and a sign-in's session with its history, whose wait
 * for the disk was a third of a sign-in's time (docs/BENCHMARKS.md, issue 25). Empty in a
 * transaction, where the setting would reach the whole transaction, money included.
 */
export const unflushed = (db: Db): Fragment => (isTransaction(db) ? raw("") : raw(`, ${NO_FLUSH} as unflushed`));
