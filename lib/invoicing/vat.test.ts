import { describe, expect, it } from "vitest";
import { vatBreakdown } from "./vat";

describe("an invoice's VAT from prices with VAT included", () => {
  it("splits 25,00 € at 21 % into 20,66 and 4,34, as the AEAT's example invoice", () => {
    expect(vatBreakdown([{ totalCents: 2500, ratePercent: 21 }])).toEqual([
      { ratePercent: 21, baseCents: 2066, taxCents: 434, totalCents: 2500 },
    ]);
  });

  it("rounds once per rate, not per line: base and tax always add up to what is paid", () => {
    const lines = [
      { totalCents: 1999, ratePercent: 21 },
      { totalCents: 1999, ratePercent: 21 },
      { totalCents: 1999, ratePercent: 21 },
      { totalCents: 1000, ratePercent: 10 },
    ];
    const parts = vatBreakdown(lines);
    expect(parts).toEqual([
      { ratePercent: 21, baseCents: 4956, taxCents: 1041, totalCents: 5997 },
      { ratePercent: 10, baseCents: 909, taxCents: 91, totalCents: 1000 },
    ]);
    for (let total = 1; total <= 100_000; total += 7) {
      const [part] = vatBreakdown([{ totalCents: total, ratePercent: 21 }]);
      expect(part.baseCents + part.taxCents).toBe(total);
      // The base is the one whose 21 % is nearest the tax: within half a cent of the exact base.
      expect(Math.abs(part.baseCents - total / 1.21)).toBeLessThanOrEqual(0.5);
    }
  });

  it("gives a refund's negative amounts their negative base and tax", () => {
    expect(vatBreakdown([{ totalCents: -2000, ratePercent: 21 }])).toEqual([
      { ratePercent: 21, baseCents: -1653, taxCents: -347, totalCents: -2000 },
    ]);
    // At 4 % 0,13 € has a base of exactly 0,125 €: the sale and its refund round it alike.
    expect(vatBreakdown([{ totalCents: 13, ratePercent: 4 }])).toEqual([
      { ratePercent: 4, baseCents: 13, taxCents: 0, totalCents: 13 },
    ]);
    expect(vatBreakdown([{ totalCents: -13, ratePercent: 4 }])).toEqual([
      { ratePercent: 4, baseCents: -13, taxCents: 0, totalCents: -13 },
    ]);
  });
});
