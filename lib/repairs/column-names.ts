// Every column of a repair that a reader sees (the list, the detail, the
// export), under the name the code uses for it: written here once. The API's
// JSON names (lib/repairs/serialize.ts) and the export's field names
// (lib/export/fields.ts) are the column names themselves. No Prisma here: the
// export's thread (lib/export/worker.ts) reads these without loading it.
export const REPAIR_COLUMNS = {
  id: "id",
  repair_number: "repairNumber",
  customer_name: "customerName",
  customer_phone: "customerPhone",
  customer_email: "customerEmail",
  item_type: "itemType",
  item_description: "itemDescription",
  notes: "notes",
  status: "status",
  deadline: "deadline",
  outsourced_to: "outsourcedTo",
  quote_amount: "quoteAmount",
  quote_notes: "quoteNotes",
  quote_status: "quoteStatus",
  quote_created_at: "quoteCreatedAt",
  quote_expires_at: "quoteExpiresAt",
  final_price: "finalPrice",
  picked_up_at: "pickedUpAt",
  created_at: "createdAt",
  updated_at: "updatedAt",
  customer_language: "customerLanguage",
  workshop_id: "workshopId",
  sent_out_on: "sentOutOn",
  expected_back_on: "expectedBackOn",
  outsource_cost: "outsourceCost",
  outsource_tracking: "outsourceTracking",
  returned_at: "returnedAt",
  status_since: "statusSince",
  version: "version",
  /** Read for the status link's address (status_url); never written through the API. */
  status_token: "statusToken",
} as const;

export type RepairColumn = keyof typeof REPAIR_COLUMNS;
export type RepairField = (typeof REPAIR_COLUMNS)[RepairColumn];

const ALL = Object.keys(REPAIR_COLUMNS) as RepairColumn[];

/** `repair_number AS "repairNumber", …` for these columns (all of them unless said), in the table's order. */
export function repairColumnList(columns: readonly RepairColumn[] = ALL): string {
  return ALL.filter((column) => columns.includes(column))
    .map((column) => (column === REPAIR_COLUMNS[column] ? column : `${column} AS "${REPAIR_COLUMNS[column]}"`))
    .join(", ");
}
