import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuditChainStatus } from "@/components/admin/audit-chain-status";
import type { ChainStatus } from "@/lib/audit/status";

/** The line as a person reads it: the markup's text. */
const read = (chain: ChainStatus) => renderToStaticMarkup(createElement(AuditChainStatus, { chain })).replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
const hash = "8433544754689b63aa0f6d3c1e2b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3";
const times = { checkedAt: "2026-11-25T08:18:14.000Z", fullCheckAt: "2026-11-25T08:18:10.000Z" };

describe("the dashboard's audit chain line", () => {
  it("says intact with the number of entries and the head, grouped", () => {
    expect(read({ state: "intact", entries: 12345, head: { seq: 12345, hash }, waiting: 0, ...times })).toBe(
      "Audit chain intact (12,345 entries, head #12,345 8433544754689b63…). Checked 25 Nov 2026, 08:18 UTC. Whole chain walked 25 Nov 2026, 08:18 UTC.",
    );
    expect(read({ state: "intact", entries: 0, head: null, waiting: 2, ...times })).toBe(
      "Audit chain intact (0 entries). Checked 25 Nov 2026, 08:18 UTC. Whole chain walked 25 Nov 2026, 08:18 UTC. 2 row(s) written by an older version take their place at the next audited action.",
    );
  });

  it("names the first break, with the row's id and the reason, as an alert", () => {
    const html = renderToStaticMarkup(createElement(AuditChainStatus, { chain: { state: "broken", break: { seq: 1204, id: "019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9", reason: "its hash does not match its contents: the row was changed" }, waiting: 0, ...times } }));
    expect(html).toContain('role="alert"');
    expect(html.replace(/<[^>]+>/g, "")).toContain(
      "Audit chain broken at entry #1,204 (id 019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9)its hash does not match its contents: the row was changed. Someone changed the audit log in the database: run npm run audit:verify and investigate.",
    );
  });

  it("says it is still checking while the instance's first walk runs", () => {
    expect(read({ state: "checking", checkedAt: times.checkedAt, fullCheckAt: null })).toMatch(/^Checking the audit chain/);
  });
});
