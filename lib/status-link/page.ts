import { rows } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { Locale } from "@/i18n/config";
import { applyStatusChange } from "@/lib/repairs/mutations";
import { queueShopAnswer } from "@/lib/notices/shop-answer";
import { wakeWorker } from "@/lib/notices/queue";
import {
  effectiveQuoteStatus,
  awaitsQuoteAnswer,
  type ItemType,
  type QuoteStatus,
  type RepairStatus,
} from "@/lib/repairs/workflow";
import { LINK_DAYS_AFTER_PICKUP, TOKEN_PATTERN } from "./link";
import { shownFields, type RepairColumn } from "@/lib/repairs/fields";
import { leftToPay } from "@/lib/repairs/balance";
import type { ShopContact } from "@/lib/shop/details";

// What the status page shows, read in one query by the token's hash, and the
// customer's answer to a quote, in one transaction. Only what a customer may
// see is ever read: never the phone, the notes, staff, ids or photos.

export type StatusPageData = {
  repairNumber: string;
  itemType: ItemType;
  itemDescription: string;
  status: RepairStatus;
  deadline: Date | null;
  quote: { amount: number; notes: string | null; status: QuoteStatus; expiresAt: Date | null } | null;
  finalPrice: number | null;
  /** What was paid, and what is left of what is due (null: nothing due yet). */
  paid: number;
  leftToPay: number | null;
  language: Locale;
  shop: ShopContact;
  /** A comeback under an earlier repair's warranty: no charge for the covered work, and until when that warranty runs. */
  underWarranty: { until: Date | null } | null;
  /** The counter's record the customer sees (lib/repairs/fields.ts `show`), by column, as the JSON has them. */
  record: [RepairColumn, unknown][];
};

const RECORD_COLUMNS = shownFields("statusPage", null);
const RECORD_SELECT = Prisma.raw(RECORD_COLUMNS.map((column) => `, r.${column} AS "${column}"`).join(""));

type Row = {
  repairNumber: string;
  itemType: ItemType;
  itemDescription: string;
  status: RepairStatus;
  deadline: Date | string | null;
  quoteAmount: Prisma.Decimal | string | null;
  quoteNotes: string | null;
  quoteStatus: QuoteStatus | null;
  quoteExpiresAt: Date | string | null;
  finalPrice: Prisma.Decimal | string | null;
  paidTotal: string;
  underWarranty: boolean;
  coveredUntil: Date | string | null;
  language: Locale;
  shopName: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  openingHours: string | null;
  timeZone: string;
};

const byToken = (token: string) => Prisma.sql`r.status_token_hash = sha256(convert_to(${token}::text, 'UTF8'))`;
/** A link works until LINK_DAYS_AFTER_PICKUP days after the item was collected. */
const linkAlive = Prisma.sql`(r.picked_up_at IS NULL OR r.picked_up_at > now() - ${LINK_DAYS_AFTER_PICKUP} * interval '1 day')`;

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const amount = (value: Prisma.Decimal | string | null) => (value === null ? null : Number(value));

/** The page's data, or null for an unknown, replaced or expired token (the same 404 for all). */
export async function readStatusPage(client: PrismaClient, token: string, now = new Date()) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await rows<Row & Record<string, unknown>>(
    client,
    Prisma.sql`
    SELECT r.repair_number AS "repairNumber", r.item_type AS "itemType", r.item_description AS "itemDescription",
      r.status, r.deadline, r.quote_amount AS "quoteAmount", r.quote_notes AS "quoteNotes",
      r.quote_status AS "quoteStatus", r.quote_expires_at AS "quoteExpiresAt", r.final_price AS "finalPrice",
      r.paid_total AS "paidTotal", r.under_warranty AS "underWarranty",
      (SELECT w.warranty_until FROM repairs w WHERE w.id = r.warranty_of) AS "coveredUntil",
      r.customer_language AS language, s.name AS "shopName", s.address, s.phone, s.email,
      s.opening_hours AS "openingHours", s.time_zone AS "timeZone"${RECORD_SELECT}
    FROM repairs r JOIN shops s ON s.id = r.shop_id
    WHERE ${byToken(token)} AND ${linkAlive}`,
  );
  if (!row) return null;
  const quoteAmount = amount(row.quoteAmount);
  const quoteExpiresAt = date(row.quoteExpiresAt);
  const page: StatusPageData = {
    repairNumber: row.repairNumber,
    itemType: row.itemType,
    itemDescription: row.itemDescription,
    status: row.status,
    deadline: date(row.deadline),
    quote:
      quoteAmount === null || row.quoteStatus === null
        ? null
        : {
            amount: quoteAmount,
            notes: row.quoteNotes,
            status: effectiveQuoteStatus(row.quoteStatus, quoteExpiresAt, now) ?? row.quoteStatus,
            expiresAt: quoteExpiresAt,
          },
    finalPrice: amount(row.finalPrice),
    paid: Number(row.paidTotal),
    leftToPay: leftToPay(row),
    underWarranty: row.underWarranty ? { until: date(row.coveredUntil) } : null,
    language: row.language,
    record: RECORD_COLUMNS.filter((column) => shownFields("statusPage", null, row.itemType).includes(column)).map(
      (column) => [column, row[column]],
    ),
    shop: {
      name: row.shopName,
      address: row.address,
      phone: row.phone,
      email: row.email,
      openingHours: row.openingHours,
      timeZone: row.timeZone,
    },
  };
  return page;
}

export type QuoteAnswer = "approve" | "decline";
/** answered: this request changed the quote; refused: there was nothing to answer (any more); unknown: 404. */
export type AnswerOutcome = "answered" | "refused" | "unknown";

/**
 * The customer approves or declines the pending quote: the quote and the
 * repair move to approved (or denied) and the status history records it as
 * the customer's, all in one transaction. The row is locked first, so of two
 * answers at once exactly one changes anything; the other finds it answered.
 */
export async function answerQuote(
  client: PrismaClient,
  token: string,
  answer: QuoteAnswer,
  now = new Date(),
): Promise<AnswerOutcome> {
  if (!TOKEN_PATTERN.test(token)) return "unknown";
  const outcome = await client.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string; shopId: string }[]>`
      SELECT r.id, r.shop_id AS "shopId" FROM repairs r WHERE ${byToken(token)} AND ${linkAlive} FOR UPDATE`;
    if (!locked) return "unknown";
    const current = await tx.repair.findFirstOrThrow({ where: { id: locked.id, shopId: locked.shopId } });
    const quote = effectiveQuoteStatus(current.quoteStatus, current.quoteExpiresAt, now);
    if (quote !== "pending" || !awaitsQuoteAnswer(current.status)) return "refused";
    // The status's effects answer the pending quote with the repair's new status
    // (awaitsQuoteAnswer: the repair is never at it yet).
    const next: RepairStatus = answer === "approve" ? "approved" : "denied";
    const { updated } = await applyStatusChange(tx, { shopId: current.shopId, byCustomer: true }, [current], next, {
      now,
    });
    return (await queueShopAnswer(tx, updated[0], next)) ? "answeredAndNoticed" : "answered";
  });
  if (outcome === "answeredAndNoticed") wakeWorker();
  return outcome === "answeredAndNoticed" ? "answered" : outcome;
}
