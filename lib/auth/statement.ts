import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isTransaction } from "@/db/transaction";

/**
 * SQL text with its values kept apart, composed by the `q` tag. It exists because building a
 * statement with drizzle's `sql` costs ~0.3-0.7 ms of the event loop for the sign-in's larger ones
 * (its chunk walk checks every piece's kind), more than PostgreSQL spends running them; joining
 * strings costs microseconds. Only for statements whose text is fixed apart from the values: the
 * text is what PostgreSQL prepares once per connection.
 * (Written for the sign-in path; a shared raw-statement helper in db/ would replace it.)
 */
export interface Fragment {
  strings: readonly string[];
  values: readonly unknown[];
}

const isFragment = (value: unknown): value is Fragment =>
  typeof value === "object" && value !== null && "strings" in value && "values" in value && Array.isArray((value as Fragment).values);

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

interface PostgresJsClient {
  unsafe(text: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]>;
}
interface PgliteClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `fragment` on the driver under `db` (postgres.js prepared, or PGlite), the rows as the driver
 * reads them. In a transaction it goes through drizzle, on the transaction's connection.
 */
export async function runStatement<T>(db: Db, fragment: Fragment): Promise<T[]> {
  const params: unknown[] = [];
  const text = render(fragment, params);
  const client = (db as unknown as { $client?: unknown }).$client;
  if (isTransaction(db) || !client) {
    const result = (await db.execute(throughDrizzle(text, params))) as unknown as { rows?: T[] } | T[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  }
  if (typeof (client as PostgresJsClient).unsafe === "function") return (await (client as PostgresJsClient).unsafe(text, params, { prepare: true })) as T[];
  return (await (client as PgliteClient).query(text, params)).rows as T[];
}

function throughDrizzle(text: string, params: unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  return sql.join(
    pieces.map((piece, i) => (i % 2 === 1 ? sql`${params[Number(piece) - 1]}` : sql.raw(piece))),
    sql.raw(""),
  );
}
