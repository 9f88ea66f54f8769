import type { Repair } from "@/lib/generated/prisma/client";
import { effectiveQuoteStatus, type QuoteStatus } from "@/lib/repairs/workflow";
import type { ExportField } from "./fields";

// One repair as spreadsheet cells: dates as real dates, money as numbers,
// statuses in the user's language, and text that can never become a formula.

export type Labels = {
  statuses: Record<string, string>;
  itemTypes: Record<string, string>;
  quoteStatuses: Record<string, string>;
};

/** OWASP's advice for CSV/formula injection: text starting like a formula gets a leading apostrophe. */
export function neutralise(text: string | null): string | null {
  return text !== null && /^[=+\-@\t\r\n]/.test(text) ? `'${text}` : text;
}

/** A repair as the export reads it: the columns it can show, money as plain numbers. */
export type ExportRow = Omit<Repair, "shopId" | "searchText" | "quoteAmount" | "finalPrice"> & {
  quoteAmount: number | null;
  finalPrice: number | null;
};

export function cellsOf(repair: ExportRow, fields: ExportField[], labels: Labels, now: Date): (string | number | Date | null)[] {
  const quoteStatus = effectiveQuoteStatus(repair.quoteStatus as QuoteStatus | null, repair.quoteExpiresAt, now);
  const value: Record<ExportField, string | number | Date | null> = {
    repair_number: neutralise(repair.repairNumber),
    customer_name: neutralise(repair.customerName),
    customer_phone: neutralise(repair.customerPhone),
    item_type: labels.itemTypes[repair.itemType],
    item_description: neutralise(repair.itemDescription),
    status: labels.statuses[repair.status],
    deadline: repair.deadline,
    created_at: repair.createdAt,
    updated_at: repair.updatedAt,
    notes: neutralise(repair.notes),
    outsourced_to: neutralise(repair.outsourcedTo),
    quote_amount: repair.quoteAmount,
    quote_notes: neutralise(repair.quoteNotes),
    quote_status: quoteStatus ? labels.quoteStatuses[quoteStatus] : null,
    quote_created_at: repair.quoteCreatedAt,
    quote_expires_at: repair.quoteExpiresAt,
    final_price: repair.finalPrice,
    picked_up_at: repair.pickedUpAt,
  };
  return fields.map((field) => value[field]);
}

export const DATE_FORMAT = "dd/mm/yyyy";
export const TIMESTAMP_FORMAT = "dd/mm/yyyy hh:mm";
export const MONEY_FORMAT = '#,##0.00 "€"';

export function formatOf(field: ExportField): string | undefined {
  if (field === "deadline") return DATE_FORMAT;
  if (field.endsWith("_at")) return TIMESTAMP_FORMAT;
  if (field === "quote_amount" || field === "final_price") return MONEY_FORMAT;
  return undefined;
}
