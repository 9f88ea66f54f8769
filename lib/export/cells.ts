import { fieldSpec } from "@/lib/repairs/fields";
import { moneyOf } from "@/lib/repairs/balance";
import type { Instant, RepairFields } from "@/lib/repairs/serialize";
import { wallClocksIn } from "@/lib/time-zone";
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
  conditions: Record<string, string>;
  waterResults: Record<string, string>;
  priceBases: Record<string, string>;
  common: { yes: string; no: string };
};
type Named = Exclude<keyof Labels, "common">;

/** A repair as the export reads it: its id and creation (the keyset), and the columns its fields need. */
export type ExportRow = Partial<RepairFields> & Pick<RepairFields, "id" | "createdAt">;

const instant = (value: Instant | null | undefined) =>
  value == null ? null : typeof value === "string" ? new Date(value) : value;
const number = (value: unknown) => (value == null ? null : Number(value));
const amount = (value: RepairFields["quoteAmount"] | undefined) => (value == null ? null : Number(value));

/** A maker of rows' cells for one file: its fields, labels, zone and moment. */
export function cellMaker(
  fields: ExportField[],
  labels: Labels,
  timeZone: string,
  now: Date,
): (repair: ExportRow) => (string | number | Date | null)[] {
  // Spreadsheets have no time zones: an instant goes in as the shop's wall-clock time.
  const wallClock = wallClocksIn(timeZone);
  const local = (value: Instant | null | undefined) => {
    const at = instant(value);
    return at ? wallClock(at) : null;
  };
  const makers = fields.map((field): ((repair: ExportRow) => string | number | Date | null) => {
    const spec = fieldSpec(field);
    const read = (repair: ExportRow) => repair[spec.prop as keyof ExportRow];
    if (field === "balance_due") return (repair) => moneyOf(repair).balanceDue;
    if (field === "quote_status")
      return (repair) => {
        const status = effectiveQuoteStatus(
          (read(repair) ?? null) as QuoteStatus | null,
          instant(repair.quoteExpiresAt),
          now,
        );
        return status ? labels.quoteStatuses[status] : null;
      };
    switch (spec.kind) {
      case "enum": {
        const names = labels[spec.labels as Named];
        return (repair) => names[read(repair) as string] ?? null;
      }
      case "date":
        return (repair) => instant(read(repair) as Instant | null);
      case "instant":
        return (repair) => local(read(repair) as Instant | null);
      case "money":
      case "decimal":
        return (repair) => amount(read(repair) as RepairFields["quoteAmount"]);
      case "flag":
        return (repair) => {
          const value = read(repair);
          return value == null ? null : value ? labels.common.yes : labels.common.no;
        };
      case "int":
        return (repair) => number(read(repair));
      case "codes": {
        const names = labels[spec.labels as Named];
        return (repair) => ((read(repair) ?? []) as string[]).map((code) => names[code] ?? code).join(", ") || null;
      }
      default:
        return (repair) => (read(repair) ?? null) as string | null;
    }
  });
  return (repair) => makers.map((make) => make(repair));
}

export const DATE_FORMAT = "dd/mm/yyyy";
export const TIMESTAMP_FORMAT = "dd/mm/yyyy hh:mm";
export const MONEY_FORMAT = '#,##0.00 "€"';
export const DECIMAL_FORMAT = "#,##0.00";
/** Excel's Text format: what is in the cell stays text, even when edited. */
export const TEXT_FORMAT = "@";

/** The cells' format, by the field's kind (lib/repairs/fields.ts). */
export function formatOf(field: ExportField): string | undefined {
  switch (fieldSpec(field).kind) {
    case "date":
      return DATE_FORMAT;
    case "instant":
      return TIMESTAMP_FORMAT;
    case "money":
      return MONEY_FORMAT;
    case "decimal":
      return DECIMAL_FORMAT;
    case "codes":
    case "text":
    case "email":
      return TEXT_FORMAT;
    default:
      return undefined;
  }
}
