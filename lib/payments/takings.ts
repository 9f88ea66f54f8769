import type { Locale } from "@/i18n/config";
import { rows } from "@/lib/db";
import { encodeInstantKey, type InstantKey } from "@/lib/db/keyset";
import { exportFile } from "@/lib/export/excel";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { daysName, onDays, shopDays, type ShopDays } from "@/lib/shop/days";
import { PAYMENT_KINDS, PAYMENT_METHODS, type PaymentKind, type PaymentMethod } from "./kinds";
import type { TakingsRow, TakingsSummary } from "./takings-sheet";
import { takingsPageSchema } from "./schema";

// The day's takings ("Caja", "Caixa"): the payments of a day or a range of
// days in the shop's calendar, totals per method and per kind, the cash the
// drawer should hold for the cash-up, and the voided ones apart. A payment
// counts on the day it was taken; once voided it counts on none. This is
// what the shop's invoicing or accounting program takes in: Repair Desk
// itself issues no invoice.

/** Lines of a list answered at a time; the next ones follow its `next` cursor. */
export const TAKINGS_PAGE = 100;

function lineJson(row: TakingsRow) {
  return {
    id: row.id,
    kind: row.kind,
    amount: Number(row.amount),
    method: row.method,
    note: row.note,
    created_at: row.createdAt,
    created_by: row.createdBy,
    voided_at: row.voidedAt,
    void_reason: row.voidReason,
    repair_id: row.repairId,
    repair_number: row.repairNumber,
    customer_name: row.customerName,
  };
}
export type TakingsLine = ReturnType<typeof lineJson>;

const cents = (n: number) => Math.round(n * 100) / 100;

type Range = ShopDays;

/** The shop's payments taken in the range (whole days of the shop's calendar). */
const inDays = (range: Range) =>
  Prisma.sql`p.shop_id = ${range.shopId}::uuid AND ${onDays(Prisma.sql`p.created_at`, range)}`;

/** Those of them counted, or those voided. */
const inRange = (range: Range, voided: boolean) =>
  Prisma.sql`${inDays(range)} AND p.voided_at IS ${voided ? Prisma.sql`NOT NULL` : Prisma.sql`NULL`}`;

// repair_records, not the repairs view: a deleted (archived) repair's payments are money taken all the same.
const LINE = Prisma.sql`
    SELECT p.id, p.kind, p.amount::text AS amount, p.method, p.note, p.created_at AS "createdAt",
      p.voided_at AS "voidedAt", p.void_reason AS "voidReason", u.name AS "createdBy",
      r.id AS "repairId", r.repair_number AS "repairNumber", r.customer_name AS "customerName"
    FROM payments p JOIN repair_records r ON r.id = p.repair_id LEFT JOIN users u ON u.id = p.created_by_id`;
/** The order of the lines, and the key a page continues after. */
const KEY: [string, string] = ["p.created_at", "p.id"];
const KEY_SQL = Prisma.raw(KEY.join(", "));

/** The range's totals, summed by the database (a busy shop's month is tens of thousands of payments). */
async function summaryOf(client: PrismaClient, range: Range): Promise<TakingsSummary> {
  const sums = await rows<{ method: PaymentMethod; kind: PaymentKind; voided: boolean; lines: number; total: string }>(
    client,
    Prisma.sql`
    SELECT p.method, p.kind, p.voided_at IS NOT NULL AS voided, count(*)::int AS lines, sum(p.amount)::text AS total
    FROM payments p WHERE ${inDays(range)}
    GROUP BY 1, 2, 3`,
  );
  const counted = sums.filter((s) => !s.voided);
  const total = (method: PaymentMethod | null, kind: PaymentKind) =>
    cents(
      counted
        .filter((s) => s.kind === kind && (method === null || s.method === method))
        .reduce((t, s) => t + Number(s.total), 0),
    );
  const kinds = (method: PaymentMethod | null) =>
    Object.fromEntries(PAYMENT_KINDS.map((kind) => [kind, total(method, kind)])) as Record<PaymentKind, number>;
  const net = (of: Record<PaymentKind, number>) => cents(of.deposit + of.payment - of.refund);
  const byKind = kinds(null);
  return {
    by_method: Object.fromEntries(
      PAYMENT_METHODS.map((method) => {
        const mine = kinds(method);
        return [method, { ...mine, net: net(mine) }];
      }),
    ) as TakingsSummary["by_method"],
    by_kind: byKind,
    net: net(byKind),
    counts: {
      payments: counted.reduce((n, s) => n + s.lines, 0),
      voided: sums.filter((s) => s.voided).reduce((n, s) => n + s.lines, 0),
    },
  };
}

/** A page of one list's lines, after a line's key (or from the first). */
async function pageOf(client: PrismaClient, range: Range, voided: boolean, after?: InstantKey) {
  const found = await rows<TakingsRow>(
    client,
    Prisma.sql`${LINE}
    WHERE ${inRange(range, voided)}
      ${after ? Prisma.sql`AND (${KEY_SQL}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty}
    ORDER BY ${KEY_SQL} LIMIT ${TAKINGS_PAGE + 1}`,
  );
  const lines = found.slice(0, TAKINGS_PAGE).map(lineJson);
  const last = found.length > TAKINGS_PAGE ? found[TAKINGS_PAGE - 1] : null;
  return { lines, next: last ? encodeInstantKey(last) : null };
}

/**
 * GET /payments: `from` and `to` (DD/MM/YYYY or YYYY-MM-DD; today in the
 * shop's zone when left out). The totals of the whole range, computed in SQL,
 * and the first page of the payments and of the voided ones, each with the
 * cursor of its next page. With `lines` (payments or voided) and `after` (a
 * cursor), the next page of that list alone.
 */
export async function takings(client: PrismaClient, shopId: string, query: unknown) {
  const { lines, after } = takingsPageSchema.parse(query);
  const range = await shopDays(client, shopId, query);
  if (lines) {
    const page = await pageOf(client, range, lines === "voided", after);
    return { from: range.first, to: range.last, lines, [lines]: page.lines, next: page.next };
  }
  const [summary, payments, voided] = await Promise.all([
    summaryOf(client, range),
    pageOf(client, range, false),
    pageOf(client, range, true),
  ]);
  const { counts, ...totals } = summary;
  return {
    from: range.first,
    to: range.last,
    time_zone: range.timeZone,
    payments: payments.lines,
    voided: voided.lines,
    /** Each list's whole length, and the cursor of its next page (null: all shown). */
    counts,
    next: { payments: payments.next, voided: voided.next },
    totals,
    /** What the cash drawer should have gained: cash taken less cash given back. */
    expected_cash: totals.by_method.cash.net,
  };
}
export type Takings = {
  from: string;
  to: string;
  time_zone: string;
  payments: TakingsLine[];
  voided: TakingsLine[];
  counts: TakingsSummary["counts"];
  next: { payments: string | null; voided: string | null };
  totals: Omit<TakingsSummary, "counts">;
  expected_cash: number;
};
export type TakingsPage = { next: string | null } & Partial<Record<"payments" | "voided", TakingsLine[]>>;

/**
 * The same as a spreadsheet in the reader's language, made on an export's
 * thread and streamed (lib/export/excel.ts, one at a time per shop): the
 * payments, the voided ones, the totals per method.
 */
export async function takingsXlsx(
  client: PrismaClient,
  shopId: string,
  query: unknown,
  reader: { language: Locale; timeZone: string },
) {
  const range = await shopDays(client, shopId, query);
  const summary = await summaryOf(client, range);
  const read = (voided: boolean) => {
    const where = Prisma.sql`${LINE} WHERE ${inRange(range, voided)}`;
    return { select: where.text, values: where.values, key: KEY, order: "asc" as const };
  };
  const body = await exportFile(client, shopId, reader, {
    kind: "takings",
    counted: read(false),
    voided: read(true),
    summary,
  });
  return { fileName: `takings_${daysName(range)}.xlsx`, body };
}
