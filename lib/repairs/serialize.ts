import type { Photo, Prisma, Repair } from "@/lib/generated/prisma/client";
import { statusUrl } from "@/lib/status-link/link";
import type { REPAIR_COLUMNS, RepairColumn } from "./columns";
import { effectiveQuoteStatus } from "./workflow";

// The JSON shapes of SPEC section 3: snake_case, money as numbers with two
// decimals (euros), dates as ISO 8601, and a pending quote past its expiry as
// "expired".

// Prisma reads numeric as Decimal, `pg` (lib/db rows()) as a string. The
// columns are numeric(10, 2): their text has two decimals at most, which
// Number reads as the nearest double, as toFixed(2) would give it.
type Money = Prisma.Decimal | string | null;
const money = (value: Money) => (value === null ? null : Number(value));
/** An instant as Prisma gives it (a Date) or rows() does (its ISO 8601 string in UTC). */
export type Instant = Date | string;
/** An instant as the API writes it: ISO 8601 in UTC (rows() already gives that string). */
export const iso = (value: Instant | null) =>
  value === null ? null : typeof value === "string" ? value : value.toISOString();

export type PhotoJson = { id: string; file_name: string; file_path: string; url: string; uploaded_at: string };

export function photoJson(photo: Pick<Photo, "id" | "fileName" | "filePath" | "uploadedAt">): PhotoJson {
  return {
    id: photo.id,
    file_name: photo.fileName,
    file_path: photo.filePath,
    url: `/uploads/${photo.filePath}`,
    uploaded_at: photo.uploadedAt.toISOString(),
  };
}

type Instants =
  | "deadline"
  | "quoteCreatedAt"
  | "quoteExpiresAt"
  | "pickedUpAt"
  | "createdAt"
  | "updatedAt"
  | "sentOutOn"
  | "expectedBackOn"
  | "returnedAt"
  | "statusSince";
/** What a repair's JSON is made from: a Prisma record or a row read with rows(). */
export type RepairFields = Omit<
  Repair,
  "quoteAmount" | "finalPrice" | "outsourceCost" | "searchText" | "shopId" | "statusTokenHash" | Instants
> & {
  quoteAmount: Money;
  finalPrice: Money;
  outsourceCost: Money;
  sentOutOn: Instant | null;
  expectedBackOn: Instant | null;
  returnedAt: Instant | null;
  statusSince: Instant | null;
  deadline: Instant | null;
  quoteCreatedAt: Instant | null;
  quoteExpiresAt: Instant | null;
  pickedUpAt: Instant | null;
  createdAt: Instant;
  updatedAt: Instant;
};

/**
 * The list's columns (GET /repairs): what its rows and cards show (SPEC
 * section 2), the cursor's keys, and what the quote's state is worked out
 * from. A list row is the repair in brief; GET /repairs/{id} has all of it.
 * Reading and writing the other 18 columns for 51 rows was most of a list
 * request's cost to the server (docs/scale.md).
 */
export const LIST_COLUMNS = [
  "id",
  "repair_number",
  "customer_name",
  "item_type",
  "item_description",
  "status",
  "deadline",
  "quote_amount",
  "quote_status",
  "quote_expires_at",
  "final_price",
  "created_at",
] as const satisfies readonly RepairColumn[];

/** The list's columns under their Prisma names (LIST_COLUMNS, through REPAIR_COLUMNS). */
export type ListFields = Pick<RepairFields, (typeof REPAIR_COLUMNS)[(typeof LIST_COLUMNS)[number]]>;

/** A repair as the list gives it: LIST_COLUMNS under their own names. */
export function listRepairJson(repair: ListFields, now = new Date()) {
  return {
    id: repair.id,
    repair_number: repair.repairNumber,
    customer_name: repair.customerName,
    item_type: repair.itemType,
    item_description: repair.itemDescription,
    status: repair.status,
    deadline: iso(repair.deadline),
    quote_amount: money(repair.quoteAmount),
    quote_status: effectiveQuoteStatus(repair.quoteStatus, repair.quoteExpiresAt, now),
    quote_expires_at: iso(repair.quoteExpiresAt),
    final_price: money(repair.finalPrice),
    created_at: iso(repair.createdAt)!,
  };
}
export type ListRepairJson = ReturnType<typeof listRepairJson>;

/** A whole repair (the detail, and every write's answer): the list's fields and the rest. */
export function repairJson(repair: RepairFields & { photos?: Parameters<typeof photoJson>[0][] }, now = new Date()) {
  return {
    ...listRepairJson(repair, now),
    customer_phone: repair.customerPhone,
    customer_email: repair.customerEmail,
    notes: repair.notes,
    outsourced_to: repair.outsourcedTo,
    quote_notes: repair.quoteNotes,
    quote_created_at: iso(repair.quoteCreatedAt),
    picked_up_at: iso(repair.pickedUpAt),
    updated_at: iso(repair.updatedAt)!,
    /** Counted up with every change: sent back as If-Match, and the answer's ETag (docs/api.md). */
    version: repair.version,
    /** The language of the customer's status page. */
    customer_language: repair.customerLanguage,
    /** The customer's status page (docs/customers.md): the link is the secret. */
    status_url: statusUrl(repair.statusToken),
    /** Since when it has its status (null: before this was recorded, and unchanged since). */
    status_since: iso(repair.statusSince),
    /** The current or last send-out to an outside workshop (outsourced_to is its name). */
    workshop_id: repair.workshopId,
    sent_out_on: iso(repair.sentOutOn),
    expected_back_on: iso(repair.expectedBackOn),
    outsource_cost: money(repair.outsourceCost),
    outsource_tracking: repair.outsourceTracking,
    returned_at: iso(repair.returnedAt),
    ...(repair.photos ? { photos: repair.photos.map(photoJson) } : {}),
  };
}
export type RepairJson = ReturnType<typeof repairJson>;
