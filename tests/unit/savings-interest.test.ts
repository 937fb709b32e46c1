import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayInterest, interestFor } from "@/lib/savings/interest";

describe("daily simple interest", () => {
  it("adds up, day by day, to the closed-form figure to the unit, for any principal, rate and term", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 1, max: 730 }),
        (principal, aprBps, term) => {
          let paid = 0n;
          for (let k = 1; k <= term; k++) {
            const day = dayInterest(principal, aprBps, k);
            expect(day).toBeGreaterThanOrEqual(0n);
            paid += day;
          }
          expect(paid).toBe(interestFor(principal, aprBps, term));
          // Never more than the exact figure, less than one unit under it.
          const exactTimesYear = principal * BigInt(aprBps) * BigInt(term);
          expect(paid * 3_650_000n).toBeLessThanOrEqual(exactTimesYear);
          expect((paid + 1n) * 3_650_000n).toBeGreaterThan(exactTimesYear);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("works the worked examples", () => {
    // 1,000 USDT at 5 % for 30 days: 1000 × 0.05 × 30 / 365 = 4.109589… USDT.
    expect(interestFor(1_000_000_000n, 500, 30)).toBe(4_109_589n);
    // 10 XAUT at 2.5 % for 365 days is 0.25 XAUT exactly.
    expect(interestFor(10_000_000n, 250, 365)).toBe(250_000n);
    // A unit too small to earn a unit a day still earns it over the days.
    expect([1, 2, 3].map((k) => dayInterest(1_000n, 10_000, k))).toEqual([2n, 3n, 3n]);
  });
});
