import { z } from "zod";
import { CATALOGS } from "@/i18n/catalogs";
import type { Locale } from "@/i18n/config";
import { rows } from "@/lib/db";
import type { ErrorCode } from "@/lib/errors";
import { MONEY_FORMAT, TEXT_FORMAT, TIMESTAMP_FORMAT } from "@/lib/export/cells";
import { sheetFile } from "@/lib/export/sheet";
import type { Cell } from "@/lib/export/xlsx";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { parseDeadline } from "@/lib/repairs/dates";
import { iso } from "@/lib/repairs/serialize";
import { wallClockIn } from "@/lib/time-zone";
import { PAYMENT_KINDS, PAYMENT_METHODS, type PaymentKind, type PaymentMethod } from "./payments";

// The day's takings ("Caja", "Caixa"): the payments of a day or a range of
// days in the shop's calendar, totals per method and per kind, the cash the
// drawer should hold for the cash-up, and the voided ones apart. A payment
// counts on the day it was taken; once voided it counts on none. This is
// what the shop's invoicing or accounting program takes in: Repair Desk
// itself issues no invoice.

const err = (code: ErrorCode) => ({ error: code });
const day = z.preprocess(
  (v) => (typeof v === "string" && v.trim() ? v.trim() : undefined),
  z
    .string(err("takingsDateInvalid"))
    .transform((text, ctx) => {
      const date = parseDeadline(text);
      if (!date) ctx.addIssue({ code: "custom", message: "takingsDateInvalid" });
      return date ?? new Date(0);
    })
    .optional(),
);
export const takingsQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => !q.from || !q.to || q.from <= q.to, err("takingsRangeInvalid"))
  .refine((q) => !q.from || !q.to || q.to.getTime() - q.from.getTime() <= 366 * 86_400_000, err("takingsRangeInvalid"));

type Row = {
  id: string;
  kind: PaymentKind;
  amount: string;
  method: PaymentMethod;
  note: string | null;
  createdAt: string | Date;
  voidedAt: string | Date | null;
  voidReason: string | null;
  createdBy: string | null;
  repairId: string;
  repairNumber: string;
  customerName: string;
};

function lineJson(row: Row) {
  return {
    id: row.id,
    kind: row.kind,
    amount: Number(row.amount),
    method: row.method,
    note: row.note,
    created_at: iso(row.createdAt)!,
    created_by: row.createdBy,
    voided_at: iso(row.voidedAt),
    void_reason: row.voidReason,
    repair_id: row.repairId,
    repair_number: row.repairNumber,
    customer_name: row.customerName,
  };
}
export type TakingsLine = ReturnType<typeof lineJson>;

const cents = (n: number) => Math.round(n * 100) / 100;
const signed = (line: TakingsLine) => (line.kind === "refund" ? -line.amount : line.amount);
const ymd = (date: Date) => date.toISOString().slice(0, 10);

/** GET /payments: `from` and `to` (DD/MM/YYYY or YYYY-MM-DD; today in the shop's zone when left out). */
export async function takings(client: PrismaClient, shopId: string, query: unknown) {
  const { from, to } = takingsQuerySchema.parse(query);
  const [shop] = await rows<{ timeZone: string; today: string | Date }>(
    client,
    Prisma.sql`SELECT time_zone AS "timeZone", (now() AT TIME ZONE time_zone)::date AS today FROM shops WHERE id = ${shopId}::uuid`,
  );
  const today = iso(shop.today)!.slice(0, 10);
  const first = from ? ymd(from) : to ? ymd(to) : today;
  const last = to ? ymd(to) : from ? ymd(from) : today;
  const found = await rows<Row>(
    client,
    Prisma.sql`
    SELECT p.id, p.kind, p.amount::text AS amount, p.method, p.note, p.created_at AS "createdAt",
      p.voided_at AS "voidedAt", p.void_reason AS "voidReason", u.name AS "createdBy",
      r.id AS "repairId", r.repair_number AS "repairNumber", r.customer_name AS "customerName"
    FROM payments p JOIN repairs r ON r.id = p.repair_id LEFT JOIN users u ON u.id = p.created_by_id
    WHERE p.shop_id = ${shopId}::uuid
      AND p.created_at >= (${first}::date::timestamp AT TIME ZONE ${shop.timeZone})
      AND p.created_at < ((${last}::date + 1)::timestamp AT TIME ZONE ${shop.timeZone})
    ORDER BY p.created_at, p.id`,
  );
  const lines = found.map(lineJson);
  const counted = lines.filter((line) => line.voided_at === null);
  const sum = (of: TakingsLine[]) => cents(of.reduce((total, line) => total + signed(line), 0));
  const byMethod = Object.fromEntries(
    PAYMENT_METHODS.map((method) => {
      const mine = counted.filter((line) => line.method === method);
      const kinds = Object.fromEntries(
        PAYMENT_KINDS.map((kind) => [
          kind,
          cents(mine.filter((l) => l.kind === kind).reduce((t, l) => t + l.amount, 0)),
        ]),
      ) as Record<PaymentKind, number>;
      return [method, { ...kinds, net: sum(mine) }];
    }),
  ) as Record<PaymentMethod, Record<PaymentKind | "net", number>>;
  const byKind = Object.fromEntries(
    PAYMENT_KINDS.map((kind) => [
      kind,
      cents(counted.filter((l) => l.kind === kind).reduce((t, l) => t + l.amount, 0)),
    ]),
  ) as Record<PaymentKind, number>;
  return {
    from: first,
    to: last,
    time_zone: shop.timeZone,
    payments: counted,
    voided: lines.filter((line) => line.voided_at !== null),
    totals: { by_method: byMethod, by_kind: byKind, net: sum(counted) },
    /** What the cash drawer should have gained: cash taken less cash given back. */
    expected_cash: byMethod.cash.net,
  };
}
export type Takings = Awaited<ReturnType<typeof takings>>;

/** The same as a spreadsheet in the reader's language: the payments, the voided ones, the totals per method. */
export async function takingsXlsx(
  client: PrismaClient,
  shopId: string,
  query: unknown,
  reader: { language: Locale; timeZone: string },
) {
  const report = await takings(client, shopId, query);
  const m = CATALOGS[reader.language];
  const columns = [
    { header: m.takings.when, width: 18, numFmt: TIMESTAMP_FORMAT },
    { header: m.fields.repair_number, width: 20, numFmt: TEXT_FORMAT },
    { header: m.fields.customer_name, width: 24, numFmt: TEXT_FORMAT },
    { header: m.takings.kind, width: 14 },
    { header: m.takings.method, width: 14 },
    { header: m.takings.amount, width: 14, numFmt: MONEY_FORMAT },
    { header: m.takings.note, width: 30, numFmt: TEXT_FORMAT },
    { header: m.takings.takenBy, width: 18, numFmt: TEXT_FORMAT },
  ];
  const line = (l: TakingsLine, note: string | null): Cell[] => [
    wallClockIn(new Date(l.created_at), reader.timeZone),
    l.repair_number,
    l.customer_name,
    m.money.kinds[l.kind],
    m.money.methods[l.method],
    signed(l),
    note,
    l.created_by,
  ];
  const blank: Cell[] = [];
  const all: Cell[][] = [
    ...report.payments.map((l) => line(l, l.note)),
    blank,
    ...(report.voided.length ? [[m.takings.voided], ...report.voided.map((l) => line(l, l.void_reason)), blank] : []),
    ...PAYMENT_METHODS.filter((method) => report.totals.by_method[method].net !== 0 || method === "cash").map(
      (method): Cell[] => [
        m.takings.totalFor,
        null,
        null,
        null,
        m.money.methods[method],
        report.totals.by_method[method].net,
      ],
    ),
    [m.takings.net, null, null, null, null, report.totals.net],
  ];
  const name = report.from === report.to ? report.from : `${report.from}_${report.to}`;
  return { fileName: `takings_${name}.xlsx`, body: sheetFile(columns, all, m.takings.sheetName) };
}
