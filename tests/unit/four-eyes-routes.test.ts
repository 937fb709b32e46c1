import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every administrator's route that writes is either four-eyed (it passes through a gate in
 * lib/approvals, which decides when a second administrator must approve) or listed here with why
 * it cannot move money, redirect it, change who administers or weaken a control. A route added
 * tomorrow fails this test until someone decides which it is.
 */
const FOUR_EYED = new Set([
  "app/api/admin/deposits/[id]/approve/route.ts",
  "app/api/admin/proof/snapshots/force/route.ts",
  "app/api/admin/saving-plans/[id]/route.ts",
  "app/api/admin/saving-plans/route.ts",
  "app/api/admin/users/[id]/manage-balance/route.ts",
  "app/api/admin/users/[id]/reset-password/route.ts",
  "app/api/admin/users/[id]/reset-withdraw-password/route.ts",
  "app/api/admin/users/[id]/role/route.ts",
  "app/api/admin/users/[id]/status/route.ts",
  "app/api/admin/users/[id]/trade-config/route.ts",
  "app/api/admin/wallets/[id]/route.ts",
  "app/api/admin/wallets/route.ts",
  "app/api/admin/withdrawals/[id]/send/route.ts",
  "app/api/admin/withdrawals/[id]/return/route.ts",
  "app/api/settings/config/route.ts",
]);

const NOT_MONEY: Record<string, string> = {
  "app/api/admin/approvals/[id]/approve/route.ts":
    "the second pair of eyes itself (never the proposer's: 403, and a CHECK)",
  "app/api/admin/approvals/[id]/reject/route.ts": "refusing or withdrawing a proposal changes nothing",
  "app/api/admin/deposits/[id]/reject/route.ts": "credits nothing: the user's claim is refused",
  "app/api/admin/withdrawals/[id]/reject/route.ts": "returns the held amount to the user's own balance; nothing leaves",
  "app/api/admin/withdrawals/[id]/resend/route.ts":
    "records the transaction that now pays a withdrawal already sent, checked on chain like the first; no ledger money moves",
  "app/api/admin/notifications/route.ts": "a message to users; no money, role or setting",
  "app/api/admin/proof/reserves/route.ts": "records evidence of reserves for the public proof; moves nothing",
  "app/api/admin/proof/reserves/[id]/route.ts": "edits that evidence; moves nothing",
  "app/api/admin/proof/snapshots/route.ts": "takes a proof-of-liabilities snapshot; moves nothing",
  "app/api/admin/trade-setups/[id]/route.ts":
    "changes or withdraws a strategy proposal the user must accept with their own money",
  "app/api/admin/users/[id]/trade-setups/route.ts": "proposes a strategy the user must accept with their own money",
  "app/api/admin/upload/logo/route.ts": "the site's look",
  "app/api/admin/support/[id]/route.ts": "assigns, closes or reopens a customer service conversation; moves nothing",
  "app/api/admin/support/[id]/messages/route.ts":
    "a message to one user or visitor (links only to the site's own hosts); no money, role or setting",
};

const WRITES = /export const (POST|PUT|PATCH|DELETE)\b/;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(full) : e.name === "route.ts" ? [path.relative(process.cwd(), full)] : [];
  });
}

describe("administrators' routes that write", () => {
  const writing = [...routeFiles("app/api/admin"), "app/api/settings/config/route.ts"]
    .filter((f) => WRITES.test(readFileSync(f, "utf8")))
    .sort();

  it("are each four-eyed or listed with why they cannot move money", () => {
    expect(writing.filter((f) => !FOUR_EYED.has(f) && !(f in NOT_MONEY))).toEqual([]);
    expect([...FOUR_EYED, ...Object.keys(NOT_MONEY)].filter((f) => !writing.includes(f))).toEqual([]);
  });

  it("that are four-eyed go through a gate of lib/approvals", () => {
    for (const f of FOUR_EYED)
      expect(readFileSync(f, "utf8"), f).toMatch(/from "@\/lib\/approvals\/(proposals|save-[a-z-]+)"/);
  });
});
