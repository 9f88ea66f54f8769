import { REPAIR_COLUMNS } from "@/lib/repairs/column-names";
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
};

/** A repair as the export reads it: its id and creation (the keyset), and the columns its fields need. */
export type ExportRow = Partial<RepairFields> & Pick<RepairFields, "id" | "createdAt">;

const instant = (value: Instant | null | undefined) =>
  value == null ? null : typeof value === "string" ? new Date(value) : value;
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
  return (repair) =>
    fields.map((field) => {
      const value = repair[REPAIR_COLUMNS[field]];
      switch (field) {
        case "item_type":
          return labels.itemTypes[value as string];
        case "status":
          return labels.statuses[value as string];
        case "quote_status": {
          const status = effectiveQuoteStatus(
            (value ?? null) as QuoteStatus | null,
            instant(repair.quoteExpiresAt),
            now,
          );
          return status ? labels.quoteStatuses[status] : null;
        }
        case "deadline":
        case "sent_out_on":
        case "expected_back_on":
          return instant(value as Instant | null);
        case "quote_amount":
        case "final_price":
        case "outsource_cost":
          return amount(value as RepairFields["quoteAmount"]);
        case "created_at":
        case "updated_at":
        case "quote_created_at":
        case "quote_expires_at":
        case "picked_up_at":
        case "returned_at":
          return local(value as Instant | null);
        default:
          return (value ?? null) as string | null;
      }
    });
}

export const DATE_FORMAT = "dd/mm/yyyy";
export const TIMESTAMP_FORMAT = "dd/mm/yyyy hh:mm";
export const MONEY_FORMAT = '#,##0.00 "€"';
/** Excel's Text format: what is in the cell stays text, even when edited. */
export const TEXT_FORMAT = "@";

const TEXT_FIELDS = new Set<ExportField>([
  "repair_number",
  "customer_name",
  "customer_phone",
  "customer_email",
  "item_description",
  "notes",
  "outsourced_to",
  "quote_notes",
  "outsource_tracking",
]);

const DATE_FIELDS = new Set<ExportField>(["deadline", "sent_out_on", "expected_back_on"]);
const MONEY_FIELDS = new Set<ExportField>(["quote_amount", "final_price", "outsource_cost"]);

export function formatOf(field: ExportField): string | undefined {
  if (DATE_FIELDS.has(field)) return DATE_FORMAT;
  if (field.endsWith("_at")) return TIMESTAMP_FORMAT;
  if (MONEY_FIELDS.has(field)) return MONEY_FORMAT;
  if (TEXT_FIELDS.has(field)) return TEXT_FORMAT;
  return undefined;
}
