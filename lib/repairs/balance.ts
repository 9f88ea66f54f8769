// What a repair's customer owes: the final price once set, else the quote
// they approved, else nothing said yet; and what is left of it after what was
// paid (negative: money to give back). Plain numbers, read by the server,
// the screens and the export alike.

type Priced = { finalPrice: number | null; quoteAmount: number | null; quoteStatus: string | null };

/**
 * What is due. SQL that must say the same (the unpaid work queue, whose
 * partial index repairs_unpaid_idx holds it: lib/repairs/queues.ts) writes
 * `coalesce(final_price, CASE WHEN quote_status = 'approved' THEN quote_amount END)`;
 * tests/api/queues.test.ts checks the two agree.
 */
export function amountDue({ finalPrice, quoteAmount, quoteStatus }: Priced): number | null {
  if (finalPrice !== null) return finalPrice;
  return quoteStatus === "approved" ? quoteAmount : null;
}

/** (amount due, or 0) less what was paid, to the cent. */
export function balanceDue(priced: Priced, paid: number): number {
  return Math.round(((amountDue(priced) ?? 0) - paid) * 100) / 100;
}

const number = (value: unknown) => (value == null ? null : Number(value));

/** The money a repair's customer owes, from a record's or a row's own fields (money as Decimal, text or number). */
export function moneyOf(repair: {
  finalPrice?: unknown;
  quoteAmount?: unknown;
  quoteStatus?: unknown;
  paidTotal?: unknown;
}) {
  const priced = {
    finalPrice: number(repair.finalPrice),
    quoteAmount: number(repair.quoteAmount),
    quoteStatus: (repair.quoteStatus ?? null) as string | null,
  };
  return { amountDue: amountDue(priced), balanceDue: balanceDue(priced, number(repair.paidTotal) ?? 0) };
}

/**
 * What the customer is still to pay: the balance once something is due, null
 * while nothing is (no price, no approved quote). The status page's "left to
 * pay" and the ready notice's amount.
 */
export function leftToPay(repair: Parameters<typeof moneyOf>[0]): number | null {
  const { amountDue, balanceDue } = moneyOf(repair);
  return amountDue === null ? null : balanceDue;
}
