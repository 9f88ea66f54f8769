import type { CATALOGS } from "@/i18n/catalogs";
import { MONEY_FORMAT, TEXT_FORMAT, TIMESTAMP_FORMAT } from "@/lib/export/cells";
import type { Cell, XlsxColumn } from "@/lib/export/xlsx";
import { wallClocksIn } from "@/lib/time-zone";
import { PAYMENT_METHODS, type PaymentKind, type PaymentMethod } from "./kinds";

// The takings as a spreadsheet (made on an export's thread, lib/export/files.ts):
// the payments, the voided ones apart, then the totals per method and the
// net. Plain data in and cells out, so the thread needs nothing of the server's.

/** A payment of the takings as read from the database (lib/payments/takings.ts). */
export type TakingsRow = {
  id: string;
  kind: PaymentKind;
  amount: string;
  method: PaymentMethod;
  note: string | null;
  createdAt: string;
  voidedAt: string | null;
  voidReason: string | null;
  createdBy: string | null;
  repairId: string;
  repairNumber: string;
  customerName: string;
};

/** The totals of a range, voided payments counted in none; and how many lines each list has. */
export type TakingsSummary = {
  by_method: Record<PaymentMethod, Record<PaymentKind | "net", number>>;
  by_kind: Record<PaymentKind, number>;
  net: number;
  counts: { payments: number; voided: number };
};

type Messages = (typeof CATALOGS)["en"];

/** A payment's amount as it counts: a refund takes away. */
export const signedAmount = (kind: PaymentKind, amount: number) => (kind === "refund" ? -amount : amount);

export function takingsLayout(summary: TakingsSummary, m: Messages, timeZone: string) {
  const columns: XlsxColumn[] = [
    { header: m.takings.when, width: 18, numFmt: TIMESTAMP_FORMAT },
    { header: m.fields.repair_number, width: 20, numFmt: TEXT_FORMAT },
    { header: m.fields.customer_name, width: 24, numFmt: TEXT_FORMAT },
    { header: m.takings.kind, width: 14 },
    { header: m.takings.method, width: 14 },
    { header: m.takings.amount, width: 14, numFmt: MONEY_FORMAT },
    { header: m.takings.note, width: 30, numFmt: TEXT_FORMAT },
    { header: m.takings.takenBy, width: 18, numFmt: TEXT_FORMAT },
  ];
  const wallClock = wallClocksIn(timeZone);
  const cells = (row: TakingsRow): Cell[] => [
    wallClock(new Date(row.createdAt)),
    row.repairNumber,
    row.customerName,
    m.money.kinds[row.kind],
    m.money.methods[row.method],
    signedAmount(row.kind, Number(row.amount)),
    row.voidedAt === null ? row.note : row.voidReason,
    row.createdBy,
  ];
  const blank: Cell[] = [];
  const totals: Cell[][] = [
    ...PAYMENT_METHODS.filter((method) => summary.by_method[method].net !== 0 || method === "cash").map(
      (method): Cell[] => [
        m.takings.totalFor,
        null,
        null,
        null,
        m.money.methods[method],
        summary.by_method[method].net,
      ],
    ),
    [m.takings.net, null, null, null, null, summary.net],
  ];
  return {
    columns,
    sheetName: m.takings.sheetName,
    cells,
    /** After the payments: a blank row, and the voided ones' heading when there are any. */
    afterPayments: [blank, ...(summary.counts.voided > 0 ? [[m.takings.voided]] : [])],
    afterVoided: [blank],
    totals,
  };
}
