import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { noteHead, seenHead } from "@/lib/audit/seen";
import { log } from "@/lib/core/log";
import { AuditChainStatus } from "@/components/admin/audit-chain-status";
import type { ChainStatus } from "@/lib/audit/status";

/** The line as a person reads it: the markup's text. */
const read = (chain: ChainStatus) =>
  renderToStaticMarkup(createElement(AuditChainStatus, { chain }))
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");
const hash = "8433544754689b63aa0f6d3c1e2b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3";
const times = { checkedAt: "2026-11-25T08:18:14.000Z", fullCheckAt: "2026-11-25T08:18:10.000Z" };
const at = "2026-11-25T08:18:09.123000Z";
const none = { count: 0, named: [] };

describe("the dashboard's audit chain line", () => {
  it("says intact with the number of entries and the head, grouped", () => {
    expect(read({ state: "intact", entries: 12345, head: { seq: 12345, hash, at }, outside: none, ...times })).toBe(
      "Audit chain intact (12,345 entries, head #12,345 8433544754689b63…). Checked 25 Nov 2026, 08:18 UTC. Whole chain walked 25 Nov 2026, 08:18 UTC.",
    );
    expect(read({ state: "intact", entries: 0, head: null, outside: none, ...times })).toBe(
      "Audit chain intact (0 entries). Checked 25 Nov 2026, 08:18 UTC. Whole chain walked 25 Nov 2026, 08:18 UTC.",
    );
  });

  it("names every row outside the chain, as an alert, even when the chain itself holds", () => {
    const outside = {
      count: 1,
      named: [
        {
          id: "019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9",
          createdAt: "2026-11-04T10:00:00.000Z",
          actorId: "019ab9c0-11aa-7b2c-9d3e-4f5a6b7c8d9e",
          action: "user.balance.adjust",
        },
      ],
    };
    const html = renderToStaticMarkup(
      createElement(AuditChainStatus, {
        chain: { state: "intact", entries: 3, head: { seq: 3, hash, at }, outside, ...times },
      }),
    );
    expect(html).toContain('role="alert"');
    expect(html.replace(/<[^>]+>/g, "")).toContain(
      "1 audit row(s) outside the chainAurum never writes an audit row without its place in the chain: these were put into the database by hand. Do not trust what they say.019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9: user.balance.adjust by 019ab9c0-11aa-7b2c-9d3e-4f5a6b7c8d9e, dated 2026-11-04T10:00:00.000Z",
    );
  });

  it("says the chain was cut, naming the first entry gone", () => {
    const cut = {
      kind: "cut" as const,
      seq: 7,
      id: null,
      reason: "entry #7 is gone, though the chain held it before (hash …): its end was cut off after entry #5",
    };
    expect(read({ state: "cut", break: cut, seen: { seq: 7, hash, at }, outside: none, ...times })).toMatch(
      /^Audit chain cut: entry #7 is goneentry #7 is gone, though the chain held it before/,
    );
  });

  it("names the first break, with the row's id and the reason, as an alert", () => {
    const html = renderToStaticMarkup(
      createElement(AuditChainStatus, {
        chain: {
          state: "broken",
          break: {
            kind: "edited",
            seq: 1204,
            id: "019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9",
            reason: "its hash does not match its contents: the row was changed",
          },
          outside: none,
          ...times,
        },
      }),
    );
    expect(html).toContain('role="alert"');
    expect(html.replace(/<[^>]+>/g, "")).toContain(
      "Audit chain broken at entry #1,204 (id 019ab9c2-6f4b-7d1e-8c3a-5e2f10a4b7c9)its hash does not match its contents: the row was changed. Someone changed the audit log in the database: ask the operators to verify the chain against its anchors, and investigate.",
    );
  });

  it("says it is still checking while the instance's first walk runs", () => {
    expect(read({ state: "checking", checkedAt: times.checkedAt, fullCheckAt: null })).toMatch(
      /^Checking the audit chain/,
    );
  });
});

describe("the newest head an instance has seen", () => {
  it("only moves forward, and is logged at info each time it does (kept after a restart, for --expect)", () => {
    const db = {} as Db;
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    try {
      noteHead(db, { seq: 7, hash, at });
      noteHead(db, { seq: 6, hash: "0".repeat(64), at });
      noteHead(db, { seq: 7, hash: "1".repeat(64), at });
      expect(seenHead(db)).toEqual({ seq: 7, hash, at });
      expect(info.mock.calls).toEqual([[{ auditHead: `7:${hash}`, at }, "audit chain: newest head seen"]]);
      expect(seenHead({} as Db)).toBeNull();
    } finally {
      info.mockRestore();
    }
  });
});
