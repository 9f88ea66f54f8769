import type { Repair } from "@/lib/generated/prisma/client";
import { wallClockIn } from "@/lib/time-zone";
import { effectiveQuoteStatus, type QuoteStatus } from "@/lib/repairs/workflow";
import type { ExportField } from "./fields";

// One repair as spreadsheet cells: dates as real dates, money as numbers,
// statuses in the user's language, and text that can never become a formula.
//
// Text is written as it was typed, as a string cell (never a formula: the
// file holds no <f> element) in the Text number format "@", so a spreadsheet
// shows "=1+1", "+34 611 222 333" or "＝HYPERLINK(…)" as typed, and keeps it
// text when someone edits the cell. No apostrophe is added: in an .xlsx it
// would show (OWASP's apostrophe is for CSV, which this app does not write).

export type Labels = {
  statuses: Record<string, string>;
  itemTypes: Record<string, string>;
  quoteStatuses: Record<string, string>;
};

/** A repair as the export reads it: the columns it can show, money as plain numbers. */
export type ExportRow = Omit<Repair, "shopId" | "searchText" | "quoteAmount" | "finalPrice"> & {
  quoteAmount: number | null;
  finalPrice: number | null;
};

export function cellsOf(repair: ExportRow, fields: ExportField[], labels: Labels, timeZone: string, now: Date): (string | number | Date | null)[] {
  // Spreadsheets have no time zones: an instant goes in as the shop's wall-clock time.
  const local = (instant: Date | null) => (instant ? wallClockIn(instant, timeZone) : null);
  const quoteStatus = effectiveQuoteStatus(repair.quoteStatus as QuoteStatus | null, repair.quoteExpiresAt, now);
  const value: Record<ExportField, string | number | Date | null> = {
    repair_number: repair.repairNumber,
    customer_name: repair.customerName,
    customer_phone: repair.customerPhone,
    item_type: labels.itemTypes[repair.itemType],
    item_description: repair.itemDescription,
    status: labels.statuses[repair.status],
    deadline: repair.deadline,
    created_at: local(repair.createdAt),
    updated_at: local(repair.updatedAt),
    notes: repair.notes,
    outsourced_to: repair.outsourcedTo,
    quote_amount: repair.quoteAmount,
    quote_notes: repair.quoteNotes,
    quote_status: quoteStatus ? labels.quoteStatuses[quoteStatus] : null,
    quote_created_at: local(repair.quoteCreatedAt),
    quote_expires_at: local(repair.quoteExpiresAt),
    final_price: repair.finalPrice,
    picked_up_at: local(repair.pickedUpAt),
  };
  return fields.map((field) => value[field]);
}

export const DATE_FORMAT = "dd/mm/yyyy";
export const TIMESTAMP_FORMAT = "dd/mm/yyyy hh:mm";
export const MONEY_FORMAT = '#,##0.00 "€"';
/** Excel's Text format: what is in the cell stays text, even when edited. */
export const TEXT_FORMAT = "@";

const TEXT_FIELDS = new Set<ExportField>([
  "repair_number", "customer_name", "customer_phone", "item_description", "notes", "outsourced_to", "quote_notes",
]);

export function formatOf(field: ExportField): string | undefined {
  if (field === "deadline") return DATE_FORMAT;
  if (field.endsWith("_at")) return TIMESTAMP_FORMAT;
  if (field === "quote_amount" || field === "final_price") return MONEY_FORMAT;
  if (TEXT_FIELDS.has(field)) return TEXT_FORMAT;
  return undefined;
}
