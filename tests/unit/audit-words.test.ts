import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actionWords, AUDIT_ACTIONS, targetHref, targetWords } from "@/lib/audit/words";

const LIB = path.resolve(import.meta.dirname, "../../lib");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith(".ts") ? [full] : [];
  });
}

/** Every dotted verb written as an audit entry's action in lib/, the setups' template spelled out. */
function recordedActions(): Set<string> {
  const found = new Set<string>();
  for (const file of sources(LIB)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!/\baction: /.test(line)) continue;
      for (const [, verb] of line.matchAll(/"([a-z0-9_]+(?:\.[a-z0-9_]+)+)"/g)) found.add(verb!);
      if (line.includes("`user.trade_setup.${action}`"))
        for (const a of ["create", "update", "withdraw", "pause"]) found.add(`user.trade_setup.${a}`);
    }
  }
  return found;
}

describe("the audit log in words", () => {
  it("has words for every action the code records, and for nothing it does not", () => {
    const recorded = recordedActions();
    expect(recorded.size).toBeGreaterThan(30);
    expect([...recorded].filter((a) => !(a in AUDIT_ACTIONS))).toEqual([]);
    expect(Object.keys(AUDIT_ACTIONS).filter((a) => !recorded.has(a))).toEqual([]);
  });

  it("names a target by the user's name, else by its kind, and links what has a screen", () => {
    expect(actionWords("user.balance.adjust")).toBe("Adjusted a balance");
    expect(actionWords("future.thing")).toBe("future.thing");
    expect(targetWords({ targetType: "user", target: "alice" })).toBe("alice");
    expect(targetWords({ targetType: "user", target: null })).toBe("User");
    expect(targetWords({ targetType: "saving_plan", target: null })).toBe("Savings plan");
    expect(targetWords({ targetType: "gizmo", target: null })).toBe("gizmo");
    expect(targetHref({ targetType: "user", targetId: "u1" })).toBe("/admin/users/u1");
    expect(targetHref({ targetType: "support_conversation", targetId: "c1" })).toBe("/admin/support/c1");
    expect(targetHref({ targetType: "wallet", targetId: "w1" })).toBeNull();
    expect(targetHref({ targetType: "user", targetId: null })).toBeNull();
  });
});
