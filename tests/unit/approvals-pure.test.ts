import { describe, expect, it } from "vitest";
import type { Proposal } from "@/db/schema";
import { gateChanges } from "@/lib/approvals/money";
import { assertUnchanged } from "@/lib/approvals/policy";
import { proposalView, proposedAnswer } from "@/lib/approvals/proposals";
import { isProposalKind, RULES } from "@/lib/approvals/registry";
import { shown } from "@/lib/approvals/rule";
import { AppError } from "@/lib/core/errors";

// What a checker reads before approving, and the rule that approval carries out only what was
// seen: the parts of lib/approvals that need no database.

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("not refused");
}

describe("approval carries out what the maker saw (assertUnchanged)", () => {
  it("lets it run when every field is still what the proposal shows, compared by value", () => {
    expect(() =>
      assertUnchanged([
        { label: "Role", before: "admin", now: "admin" },
        { label: "Fees", before: { fee: "1.5", min: null }, now: { fee: "1.5", min: null } },
        { label: "Memo", before: null, now: null },
      ]),
    ).not.toThrow();
    expect(() => assertUnchanged([])).not.toThrow();
  });

  it("refuses with 409 PROPOSAL_STALE naming each field that moved, and only those", () => {
    const err = refusal(() =>
      assertUnchanged([
        { label: "Address", before: "TXa", now: "TXb" },
        { label: "Memo", before: null, now: null },
        { label: "Fee", before: "1.5", now: 1.5 },
        { label: "Min", before: null, now: undefined },
      ]),
    );
    expect(err).toMatchObject({ status: 409, code: "PROPOSAL_STALE" });
    expect(err.message).toBe(
      "This changed since it was proposed (Address, Fee, Min): propose it again from what it is now",
    );
  });
});

describe("why a money action waits, as the checker reads it (gateChanges)", () => {
  it("shows the administrator's 24-hour total for the user against the threshold, exact", () => {
    expect(
      gateChanges(
        { why: "threshold", before: 999_999_999n, after: 1_000_000_000n, threshold: 1_000_000_000n },
        "ann",
        "bob",
      ),
    ).toEqual([
      {
        label: "Moved by ann for bob in 24 hours (USDT at mid; threshold 1,000.000000)",
        before: "999.999999",
        after: "1,000.000000",
      },
    ]);
  });

  it("adds no line when it waits for another reason (an own account, an asset without a price)", () => {
    expect(gateChanges({ why: "own account" }, "ann", "ann")).toEqual([]);
    expect(gateChanges({ why: "unpriced", asset: "BTC" }, "ann", "bob")).toEqual([]);
  });

  it("shows amounts exact and grouped", () => {
    expect(shown(5_000_000_000n, 6)).toBe("5,000.000000");
    expect(shown(1n, 8)).toBe("0.00000001");
  });
});

describe("the kinds of proposals", () => {
  it("knows each kind by its own name, not by anything an object inherits", () => {
    expect(isProposalKind("balance.adjust")).toBe(true);
    expect(isProposalKind("proof.snapshot")).toBe(true);
    for (const kind of ["toString", "constructor", "__proto__", "hasOwnProperty", "balance", ""]) {
      expect(isProposalKind(kind), kind).toBe(false);
    }
  });
});

const proposal: Proposal = {
  id: "019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9",
  kind: "balance.adjust",
  status: "approved",
  payload: { amount: "5000" },
  change: {
    summary: "Credit 5,000.000000 USDT to bob",
    changes: [{ label: "bob's available USDT", before: "0.000000", after: "5,000.000000" }],
  },
  reason: "Prize",
  userId: "019ab9c0-11aa-7b2c-9d3e-4f5a6b7c8d9e",
  proposedBy: "019ab9c1-22bb-7c3d-8e4f-5a6b7c8d9eaf",
  proposedAt: new Date("2026-11-25T07:45:00.123Z"),
  expiresAt: new Date("2026-11-26T07:45:00.123Z"),
  decidedBy: "019ab9c1-33cc-7c3d-8e4f-5a6b7c8d9eaf",
  decidedAt: new Date("2026-11-25T08:00:00.000Z"),
  outcome: null,
  result: { journalId: "j1" },
};

describe("a proposal as the queue shows it", () => {
  it("shows every field the checker decides on, times in ISO, the kind by its label", () => {
    expect(proposalView(proposal, "ann", "carl")).toEqual({
      id: proposal.id,
      kind: "balance.adjust",
      kindLabel: RULES["balance.adjust"].label,
      status: "approved",
      summary: "Credit 5,000.000000 USDT to bob",
      changes: [{ label: "bob's available USDT", before: "0.000000", after: "5,000.000000" }],
      reason: "Prize",
      userId: proposal.userId,
      proposedBy: "ann",
      proposedById: proposal.proposedBy,
      proposedAt: "2026-11-25T07:45:00.123Z",
      expiresAt: "2026-11-26T07:45:00.123Z",
      decidedBy: "carl",
      decidedAt: "2026-11-25T08:00:00.000Z",
      outcome: null,
      result: { journalId: "j1" },
    });
    expect(RULES["balance.adjust"].label).toBe("Balance change");
  });

  it("an undecided one has no decision time; a kind from a newer version shows by its name", () => {
    const view = proposalView(
      { ...proposal, kind: "vault.move", status: "pending", decidedAt: null, decidedBy: null },
      "ann",
      null,
    );
    expect(view).toMatchObject({ kind: "vault.move", kindLabel: "vault.move", decidedAt: null, decidedBy: null });
  });

  it("the answer of a call that became a proposal: 202, nothing done yet, with what waits", () => {
    const view = proposalView({ ...proposal, status: "pending" }, "ann", null);
    expect(proposedAnswer(view)).toEqual({
      status: 202,
      body: {
        success: true,
        message: "Waiting for a second administrator to approve: Credit 5,000.000000 USDT to bob",
        proposal: view,
      },
    });
  });
});
