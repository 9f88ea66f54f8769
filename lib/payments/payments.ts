import { recordActivity } from "@/lib/activity/activity";
import type { Locale } from "@/i18n/config";
import { AppError } from "@/lib/errors";
import type { Payment, Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { moneyOf } from "@/lib/repairs/balance";
import { MAX_MONEY } from "@/lib/repairs/limits";
import { lockRepair, type Expected } from "@/lib/repairs/lock";
import { assertRepairId, notFound } from "@/lib/repairs/queries";
import { isUuid } from "@/lib/uuid";

// Money taken for a repair (docs/money.md): deposits, payments and refunds.
// A payment is never edited or deleted; a void marks it as not counting, and
// both stay in the history. Each is written in one transaction with the
// repair's paid total and its history line, the repair's row locked first,
// so payments made at once all count and a refund never gives back more than
// was paid. A shop that invoices issues each one's invoice in the same
// transaction (lib/invoicing/issue.ts).

import type { PaymentKind } from "./kinds";
import { paymentSchema, voidSchema } from "./schema";
import { eventDetail } from "@/lib/repairs/event-detail";
import { recordEvent } from "@/lib/repairs/mutations";
import { annulPaymentInvoice, invoicePayment } from "@/lib/invoicing/issue";

export { PAYMENT_KINDS, PAYMENT_METHODS, type PaymentKind, type PaymentMethod } from "./kinds";

type Actor = { shopId: string; userId: string };
type Tx = Prisma.TransactionClient;

type PaymentRow = Payment & { createdBy: { name: string } | null; voidedBy: { name: string } | null };

export function paymentJson(payment: PaymentRow, invoiceId: string | null = null) {
  return {
    id: payment.id,
    kind: payment.kind,
    amount: Number(payment.amount),
    method: payment.method,
    note: payment.note,
    /** A refund given as a discount: it lowered the final price by its amount. */
    discount: payment.discount,
    created_at: payment.createdAt.toISOString(),
    /** The staff member who took it (null: their account was removed). */
    created_by: payment.createdBy?.name ?? null,
    voided_at: payment.voidedAt?.toISOString() ?? null,
    voided_by: payment.voidedBy?.name ?? null,
    void_reason: payment.voidReason,
    /** The invoice it was issued with (lib/invoicing; null: the shop does not invoice, or did not then). */
    invoice_id: invoiceId,
  };
}
export type PaymentJson = ReturnType<typeof paymentJson>;

const WHO = { createdBy: { select: { name: true } }, voidedBy: { select: { name: true } } } as const;
/** What a payment adds to the paid total: a refund takes away. */
const signed = (kind: PaymentKind, amount: number) => (kind === "refund" ? -amount : amount);
const cents = (n: number) => Math.round(n * 100) / 100;

/** The repair locked (lib/repairs/lock.ts), with what was paid so far and what is due. */
async function lockPaid(tx: Tx, shopId: string, repairId: string, expected: Expected = null) {
  const repair = await lockRepair(tx, shopId, repairId, expected);
  return {
    paidTotal: Number(repair.paidTotal),
    repairNumber: repair.repairNumber,
    amountDue: moneyOf(repair).amountDue,
    repair,
  };
}

/**
 * The final price after a discount of `amount` (negative: a voided discount
 * given back), checked against what is due: a discount needs a price and
 * cannot pass it.
 */
function discounted(amountDue: number | null, amount: number): number {
  if (amountDue === null) throw new AppError("discountNeedsPrice", { fields: { discount: "discountNeedsPrice" } });
  if (amount > amountDue + 1e-9) throw new AppError("discountTooLarge", { fields: { amount: "discountTooLarge" } });
  return cents(amountDue - amount);
}

/** A paid total its column can hold, or bad input (not a 500). */
function assertPaidTotal(paidTotal: number): void {
  if (cents(paidTotal) > MAX_MONEY)
    throw new AppError("paidTotalTooLarge", { fields: { amount: "paidTotalTooLarge" } });
}

/** A discount's final price as the statements write it: null leaves the price as it is. */
const priceText = (price: number | null) => (price === null ? null : price.toFixed(2));

/** Sets what was paid, and a voided discount's price (a payment sets both in its own statement). */
async function setPaidTotal(tx: Tx, actor: Actor, repairId: string, paidTotal: number, price: number | null) {
  assertPaidTotal(paidTotal);
  await tx.$executeRaw`
    UPDATE repairs SET paid_total = ${cents(paidTotal).toFixed(2)}::numeric,
      final_price = coalesce(${priceText(price)}::numeric, final_price), updated_at = now()
    WHERE id = ${repairId}::uuid AND shop_id = ${actor.shopId}::uuid`;
}

/**
 * POST /repairs/{id}/payments, refused (412) if the repair is no longer at an
 * `expected` version; with the repair's version after it (the next write's
 * If-Match, so a pickup after its payment still sees a colleague's change).
 */
export async function addPayment(
  client: PrismaClient,
  actor: Actor,
  repairId: string,
  input: unknown,
  locale: Locale,
  expected: Expected = null,
) {
  const { kind, amount, method, note, discount, customer } = paymentSchema(locale).parse(input);
  return client.$transaction(async (tx) => {
    const { paidTotal, amountDue, repair } = await lockPaid(tx, actor.shopId, repairId, expected);
    if (kind === "refund" && amount > paidTotal + 1e-9)
      throw new AppError("refundTooLarge", { fields: { amount: "refundTooLarge" } });
    // A discount lowers the price in the payment's own statement.
    const price = discount ? discounted(amountDue, amount) : null;
    const total = cents(paidTotal + signed(kind, amount));
    assertPaidTotal(total);
    // The payment, its history line and the repair's paid total in one
    // statement; with the repair's new version and the taker's name.
    const [{ version, actorName, invoicing, ...payment }] = await tx.$queryRaw<
      (Payment & { version: number; actorName: string | null; invoicing: boolean })[]
    >`
      WITH payment AS (
        INSERT INTO payments (shop_id, repair_id, kind, amount, method, note, discount, created_by_id)
        VALUES (${actor.shopId}::uuid, ${repairId}::uuid, ${kind}::payment_kind, ${amount.toFixed(2)}::numeric,
          ${method}::payment_method,
          ${note ?? null}, ${discount}, ${actor.userId}::uuid)
        RETURNING *
      ), event AS (
        INSERT INTO repair_events (shop_id, repair_id, kind, detail, changed_by_id, changed_at)
        SELECT shop_id, repair_id, 'payment', ${eventDetail(kind, amount.toFixed(2), method)}, created_by_id, created_at
        FROM payment
      ), repair AS (
        UPDATE repairs SET paid_total = ${total.toFixed(2)}::numeric, last_payment_at = payment.created_at,
          final_price = coalesce(${priceText(price)}::numeric, final_price), updated_at = now()
        FROM payment WHERE repairs.id = payment.repair_id AND repairs.shop_id = payment.shop_id
        RETURNING repairs.version
      )
      SELECT payment.id, payment.shop_id AS "shopId", payment.repair_id AS "repairId", payment.kind::text AS kind,
        payment.amount, payment.method::text AS method, payment.note, payment.discount, payment.created_at AS "createdAt",
        payment.created_by_id AS "createdById", payment.voided_at AS "voidedAt", payment.voided_by_id AS "voidedById",
        payment.void_reason AS "voidReason", repair.version,
        (SELECT name FROM users WHERE id = ${actor.userId}::uuid) AS "actorName",
        EXISTS (SELECT 1 FROM shop_invoicing WHERE shop_id = ${actor.shopId}::uuid AND enabled) AS invoicing
      FROM payment, repair`;
    if (price !== null) await recordEvent(tx, actor, repairId, "final_price_set", price.toFixed(2), payment.createdAt);
    // Its invoice, when the shop invoices: over 400 € with no customer's tax details, nothing is written.
    const invoice = invoicing
      ? await invoicePayment(
          tx,
          actor,
          {
            id: payment.id,
            kind,
            amount,
            repair: {
              id: repairId,
              repairNumber: repair.repairNumber,
              itemDescription: repair.itemDescription,
              customerLanguage: repair.customerLanguage,
            },
            serviceTotal: Math.max(price ?? amountDue ?? 0, total),
            customer,
          },
          payment.createdAt,
        )
      : null;
    const taken = { ...payment, createdBy: actorName === null ? null : { name: actorName }, voidedBy: null };
    return { ...paymentJson(taken, invoice?.id ?? null), repair_version: version };
  });
}

/** POST /repairs/{id}/payments/{paymentId}/void: it stops counting; both stay in the history. */
export async function voidPayment(
  client: PrismaClient,
  actor: Actor,
  repairId: string,
  paymentId: string,
  input: unknown,
) {
  const { reason } = voidSchema.parse(input);
  return client.$transaction(async (tx) => {
    const { paidTotal, repairNumber, amountDue } = await lockPaid(tx, actor.shopId, repairId);
    const payment = isUuid(paymentId)
      ? await tx.payment.findFirst({ where: { id: paymentId, repairId, shopId: actor.shopId } })
      : null;
    if (!payment) throw new AppError("paymentNotFound");
    if (payment.voidedAt) throw new AppError("paymentVoided");
    const after = paidTotal - signed(payment.kind, Number(payment.amount));
    // Voiding money taken that was since given back would leave more refunded than paid.
    if (after < -1e-9) throw new AppError("voidLeavesRefund");
    const now = new Date();
    const voided = await tx.payment.update({
      where: { id: payment.id },
      data: { voidedAt: now, voidedById: actor.userId, voidReason: reason },
      include: WHO,
    });
    // A discount voided: the price it lowered goes back up.
    const price = payment.discount ? discounted(amountDue, -Number(payment.amount)) : null;
    await setPaidTotal(tx, actor, repairId, after, price);
    // Its invoice, if it had one, annulled: the payment was a mistake.
    await annulPaymentInvoice(tx, actor.shopId, payment.id, now);
    if (price !== null) await recordEvent(tx, actor, repairId, "final_price_set", price.toFixed(2), now);
    await tx.repairEvent.create({
      data: {
        shopId: actor.shopId,
        repairId,
        kind: "payment_voided",
        detail: eventDetail(payment.kind, Number(payment.amount).toFixed(2), reason),
        changedById: actor.userId,
        changedAt: now,
      },
    });
    await recordActivity(tx, {
      shopId: actor.shopId,
      kind: "payment_voided",
      actorId: actor.userId,
      repair: { id: repairId, number: repairNumber },
      detail: { kind: payment.kind, amount: Number(payment.amount), method: payment.method, reason },
      at: now,
    });
    return paymentJson(voided);
  });
}

/** GET /repairs/{id}/payments: every payment, voids included, oldest first, and what is due. */
export async function listPayments(client: PrismaClient, shopId: string, repairId: string) {
  assertRepairId(repairId);
  const repair = await client.repair.findFirst({
    where: { id: repairId, shopId },
    select: { finalPrice: true, quoteAmount: true, quoteStatus: true, paidTotal: true },
  });
  if (!repair) throw notFound();
  const payments = await client.payment.findMany({
    where: { repairId, shopId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: WHO,
  });
  const { amountDue, balanceDue } = moneyOf(repair);
  const invoices = await client.invoice.findMany({
    where: { shopId, paymentId: { in: payments.map((p) => p.id) } },
    select: { id: true, paymentId: true },
  });
  const invoiceOf = new Map(invoices.map((invoice) => [invoice.paymentId, invoice.id]));
  return {
    payments: payments.map((payment) => paymentJson(payment, invoiceOf.get(payment.id) ?? null)),
    paid_total: Number(repair.paidTotal),
    amount_due: amountDue,
    balance_due: balanceDue,
  };
}
export type PaymentsJson = Awaited<ReturnType<typeof listPayments>>;
