import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Instances roll to a new version one by one, so for a while the previous version runs on the new
 * schema. A migration may only add what the old code ignores (expand); taking away what the old
 * code uses (contract) goes in a later release, in a migration that says so with `-- contract:`.
 */
const DIR = path.join(process.cwd(), "db", "migrations");
const CONTRACT_MARK = /^--\s*contract:/m;
const TAKES_AWAY =
  /\bDROP\s+(TABLE|COLUMN|INDEX|CONSTRAINT|TYPE|SCHEMA|VIEW|FUNCTION)\b|\bRENAME\b|\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b|\bSET\s+NOT\s+NULL\b|\bDROP\s+DEFAULT\b|^TRUNCATE\b|\bDELETE\s+FROM\b/i;
// A new NOT NULL column without a default makes the old code's inserts fail.
const REQUIRED_WITHOUT_DEFAULT = /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i;

const statements = (text: string) =>
  text
    .split(/-->\s*statement-breakpoint|;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);

function migrationProblems(name: string, text: string): string[] {
  const problems: string[] = [];
  for (const statement of statements(text)) {
    const line = statement.split("\n").find((l) => !l.startsWith("--")) ?? statement;
    if (REQUIRED_WITHOUT_DEFAULT.test(statement))
      problems.push(`${name}: a NOT NULL column needs a DEFAULT while the old version still inserts rows: ${line}`);
    if (TAKES_AWAY.test(statement) && !CONTRACT_MARK.test(text))
      problems.push(
        `${name}: takes away what the running version may use (mark a later release's migration "-- contract: why"): ${line}`,
      );
  }
  return problems;
}

describe("migrations", () => {
  it("only add to the schema, so the previous version keeps working during a rolling upgrade", () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith(".sql"));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((f) => migrationProblems(f, readFileSync(path.join(DIR, f), "utf8")))).toEqual([]);
  });

  it("are refused when they drop, rename, retype or tighten, unless marked as a contract step", () => {
    for (const sql of [
      'ALTER TABLE "users" DROP COLUMN "country";',
      'DROP TABLE "outbox";',
      'ALTER TABLE "users" RENAME COLUMN "email" TO "mail";',
      'ALTER TABLE "orders" ALTER COLUMN "price" SET DATA TYPE numeric;',
      'ALTER TABLE "users" ALTER COLUMN "phone_code" SET NOT NULL;',
      'ALTER TABLE "users" ADD COLUMN "tier" integer NOT NULL;',
      'TRUNCATE "outbox";',
    ]) {
      expect(migrationProblems("9999_x.sql", sql), sql).toHaveLength(1);
    }
    expect(
      migrationProblems(
        "9999_x.sql",
        '-- contract: 0020 stopped reading it\nALTER TABLE "users" DROP COLUMN "country";',
      ),
    ).toEqual([]);
    expect(
      migrationProblems("9999_x.sql", 'ALTER TABLE "users" ADD COLUMN "tier" integer DEFAULT 0 NOT NULL;'),
    ).toEqual([]);
    // A trigger that refuses TRUNCATE takes nothing away.
    expect(
      migrationProblems(
        "9999_x.sql",
        'CREATE TRIGGER "t" BEFORE TRUNCATE ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION "f"();',
      ),
    ).toEqual([]);
  });
});
