import { describe, expect, it } from "vitest";
import { balancesWorthShowing, isZero, type AssetBalance } from "@/lib/ledger/balances";
import { journalLabel, referenceLink } from "@/lib/ledger/kinds";

const zero = (asset: string, decimals = 6): AssetBalance => {
  const z = (0).toFixed(decimals);
  return { asset, name: asset, decimals, available: z, hold: z, storage: z, savings: z, reserve: z };
};

describe("how records name journals", () => {
  it("reads a known kind by its label and an unknown one capitalised, never empty", () => {
    expect(journalLabel("referral")).toBe("Referral reward");
    expect(journalLabel("saving")).toBe("Savings");
    expect(journalLabel("transfer")).toBe("Transfer");
    expect(journalLabel("x")).toBe("X");
  });

  it("links a trade to its order and a strategy journal to the strategies, nothing else and nothing without a reference", () => {
    expect(referenceLink("trade", "abc")).toEqual({ href: "/record?tab=trades#order-abc", label: "View the order" });
    expect(referenceLink("strategy", "s1")).toEqual({ href: "/ai-trading", label: "View the strategy" });
    expect(referenceLink("trade", null)).toBeNull();
    expect(referenceLink("trade", "")).toBeNull();
    expect(referenceLink("deposit", "d1")).toBeNull();
  });
});

describe("which balances a screen shows", () => {
  it("knows zero however many decimals it has, and nothing else as zero", () => {
    for (const z of ["0", "0.0", "0.000000"]) expect(isZero(z), z).toBe(true);
    for (const v of ["0.000001", "10", "1.000000", "00.1", "0.", "-0.000001", "x0.0", "0.0x"])
      expect(isZero(v), v).toBe(false);
  });

  it("shows what the user can trade or fund, and any other asset only where they hold some of it anywhere", () => {
    const rows = [
      zero("USDT"),
      zero("XAUT"),
      zero("BTC", 8),
      zero("ETH", 8),
      ...(["hold", "storage", "savings", "reserve", "available"] as const).map((k) => ({
        ...zero(`H${k}`),
        [k]: "0.000001",
      })),
    ];
    const shown = balancesWorthShowing(rows, ["USDT", "XAUT"], new Set(["BTC"])).map((b) => b.asset);
    expect(shown).toEqual(["USDT", "XAUT", "BTC", "Hhold", "Hstorage", "Hsavings", "Hreserve", "Havailable"]);
  });
});
