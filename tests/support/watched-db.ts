import { createRequire } from "node:module";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";
import { onPostgres } from "./db";

const require = createRequire(import.meta.url);

export interface Sent {
  text: string;
  /** The statements sent before this one that had not been answered yet: those in its round trip. */
  alongside: string[];
  /** Sent on a transaction's connection, not on the database's. */
  inTransaction: boolean;
}

/**
 * `db` through a second drizzle instance on the same driver client, seen through a proxy that lists
 * every statement sent, in transactions too (postgres.js `unsafe` on the client `begin` hands out,
 * PGlite `query` on the one `transaction` hands out), with those still unanswered when it left.
 * A statement matching `refuse` fails as a lost connection would, without reaching the database.
 */
export async function watched(db: Db, options: { refuse?: RegExp } = {}): Promise<{ db: Db; statements: Sent[] }> {
  const statements: Sent[] = [];
  const unanswered = new Set<string>();
  const send = onPostgres() ? "unsafe" : "query";
  const opens = onPostgres() ? "begin" : "transaction";
  const watch = (client: object, inTransaction: boolean): object =>
    new Proxy(client, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === send) {
          return (text: string, ...rest: unknown[]) => {
            const sent = { text: text.replace(/\s+/g, " "), alongside: [...unanswered], inTransaction };
            statements.push(sent);
            if (options.refuse?.test(sent.text)) {
              // postgres.js's pending query is started with `execute()` (db/raw.ts).
              const refused = Promise.reject(new Error("connection lost (watched-db)"));
              return Object.assign(refused, { execute: () => refused });
            }
            unanswered.add(sent.text);
            const pending = value.call(target, text, ...rest) as Promise<unknown>;
            pending.then(
              () => unanswered.delete(sent.text),
              () => unanswered.delete(sent.text),
            );
            return pending;
          };
        }
        if (property === opens) {
          return (...args: unknown[]) =>
            value.apply(
              target,
              args.map((a) =>
                typeof a === "function" ? (tx: object) => (a as (t: object) => unknown)(watch(tx, true)) : a,
              ),
            );
        }
        return value.bind(target);
      },
    });
  const seen = watch((db as unknown as { $client: object }).$client, false);
  // drizzle's other build (CommonJS beside the ES modules the tests import): the app's route handlers
  // run on a database that server.ts opened with its own copy of drizzle, whose classes are not
  // Next's bundled copy's, so the app must not tell a transaction by `instanceof`.
  const { drizzle } = require(
    onPostgres() ? "drizzle-orm/postgres-js" : "drizzle-orm/pglite",
  ) as typeof import("drizzle-orm/pglite");
  const counted = drizzle(seen as never, { schema });
  return { db: counted as unknown as Db, statements };
}
