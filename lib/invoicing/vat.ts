// An invoice's VAT from prices with VAT included (a repair counter's prices):
// per rate, the lines' total, its base rounded to the cent, and the tax the
// rest, so base and tax add up to what the customer pays to the cent (RD
// 1619/2012 arts. 6.1.g and 7.1.e: base and tax per rate). Amounts in cents.

export type VatLine = { totalCents: number; ratePercent: number };
export type VatPart = { ratePercent: number; baseCents: number; taxCents: number; totalCents: number };

/** The base and tax of each rate among the lines, highest rate first. */
export function vatBreakdown(lines: readonly VatLine[]): VatPart[] {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.ratePercent, (totals.get(line.ratePercent) ?? 0) + line.totalCents);
  return [...totals]
    .sort(([a], [b]) => b - a)
    .map(([ratePercent, totalCents]) => {
      // A rate has at most two decimals (21, 10, 5, 4, 0); half a cent rounds away from zero, so a
      // refund's base is exactly the opposite of the sale's.
      const exact = (Math.abs(totalCents) * 10_000) / (10_000 + Math.round(ratePercent * 100));
      const baseCents = Math.sign(totalCents) * Math.round(exact);
      return { ratePercent, baseCents, taxCents: totalCents - baseCents, totalCents };
    });
}
