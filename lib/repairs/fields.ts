import type { ErrorCode } from "@/lib/errors";
import { LOCALES } from "@/i18n/config";
import { ITEM_TYPES, QUOTE_STATUSES, REPAIR_STATUSES, type ItemType } from "./workflow";

// Every field of a repair, declared once: its column (the API's, the
// export's and the database's name), the code's name for it, its kind, its
// rule, and where it shows. The API's JSON (./serialize.ts), the payloads'
// rules (./schema.ts), the list, the export (lib/export/), the search text,
// and the form, detail, ticket and status page's own sections read it from
// here. Its label is `fields.<column>` in messages/*.json. Plain data: the
// screens and the export's thread read it without Prisma or zod.
//
// The fields the screens lay out by hand (the customer, the type and
// description, status, dates, quote and price) leave `show` out; a field
// with `show` appears by itself in the sections it names, for the item types
// it names (all when left out).

export type FieldKind =
  | "id"
  | "text"
  | "email"
  | "enum"
  | "date" // a calendar date (no time of day)
  | "instant"
  | "money"
  | "decimal" // a measure with two decimals, typed as people write it ("3,47")
  | "codes" // a list of codes from a checklist (`values`)
  | "flag" // yes, no, or not said
  | "int" // a whole number between `min` and `max`
  | "count";

/**
 * A place of the screens that shows fields by themselves (the sections of the
 * form and detail, the ticket, the status page, and the list: a column of its
 * table and a line of its cards, the field then in the list's JSON too).
 */
export type FieldPlace = "form" | "detail" | "ticket" | "statusPage" | "list";
/** The form's and detail's groups of such fields. */
export type FieldSection = "work" | "identity" | "condition" | "warranty" | "service";

/** The export screen's groups of fields. */
export const EXPORT_GROUPS = ["basic", "item", "statusAndDates", "quoteAndPricing", "service"] as const;
export type ExportGroup = (typeof EXPORT_GROUPS)[number];

/** What can be seen wrong with an item as it is left, by its type (a watch's list, a jewel's, and a few for anything else). */
export const CONDITIONS = {
  watch: [
    "scratched_case",
    "scratched_crystal",
    "cracked_crystal",
    "dented_case",
    "missing_crown",
    "worn_strap",
    "broken_bracelet",
    "moisture_inside",
    "not_running",
    "damaged_dial",
  ],
  jewelry: [
    "scratched",
    "dented",
    "bent",
    "broken_chain",
    "broken_clasp",
    "loose_stones",
    "missing_stones",
    "worn_claws",
    "engraved",
    "earlier_repairs",
  ],
  other: ["scratched", "dented", "bent", "not_running", "earlier_repairs"],
} as const satisfies Record<ItemType, readonly string[]>;
export const CONDITION_CODES = [...new Set(Object.values(CONDITIONS).flat())] as [string, ...string[]];

type Spec = {
  /** The record's (Prisma's) name for it. */
  prop: string;
  kind: FieldKind;
  /** Text: its longest length; a number (int, decimal): its range. */
  max?: number;
  min?: number;
  /** Text: typed on several lines. */
  multiline?: boolean;
  /** A required text: the error when it is left empty. */
  required?: ErrorCode;
  /** Required, but a new repair may leave it out (the server gives it). */
  givenOnCreate?: true;
  /** An enum: its values, their messages' section, and the error for another value. */
  values?: readonly string[];
  labels?: "itemTypes" | "statuses" | "quoteStatuses" | "languages" | "conditions" | "waterResults" | "priceBases";
  invalid?: ErrorCode;
  /** An enum a new repair may leave out: what it gets. */
  default?: string;
  /** A date, instant or enum that may be empty (text and money always may, unless required). */
  nullable?: true;
  /** Money that always has a value (what was paid, what is left). */
  always?: true;
  /** Written through POST and PUT /repairs (the others are the workflow's, the server's or read-only). */
  input?: true;
  /** In the list's rows (GET /repairs): the repair in brief. */
  list?: true;
  /** In the export, in this group of its screen; `exportDefault`: ticked at first. */
  export?: ExportGroup;
  exportDefault?: true;
  /** Part of the text the search looks in; "digits": its digits alone too (a phone). */
  search?: true | "digits";
  /** Not a column: worked out from others when the JSON or the export is made (./serialize.ts, lib/export/cells.ts). */
  computed?: true;
  /** Not a column: read by this SQL (over `repairs`) where rows are read in SQL (the export), never in the JSON. */
  sql?: string;
  /**
   * Shown by itself: in this section of the form and detail, on the ticket, on
   * the status page. `types`: the item types the form asks it for; elsewhere
   * it shows whenever it has a value.
   */
  show?: {
    section: FieldSection;
    places: readonly FieldPlace[];
    types?: readonly ItemType[];
    /** Asked for only while another field has this value (the form; elsewhere it shows whenever it has a value). */
    when?: { column: string; value: string };
  };
};

const everywhere = ["form", "detail", "ticket", "statusPage"] as const;
export const WATER_RESULTS = ["pass", "fail"] as const;
/** The price as agreed at intake (Decret 213/2001, art. 3): printed on the receipt. */
export const PRICE_BASES = ["quote_first", "estimate", "quote_waived"] as const;
/** A measure of the watch's service report: two decimals in its range (seconds a day may be negative). */
const report = <P extends string, C extends ErrorCode>(prop: P, invalid: C, min = -999.99, max = 999.99) =>
  ({
    prop,
    kind: "decimal",
    min,
    max,
    invalid,
    input: true,
    export: "service",
    show: { section: "service", places: everywhere, types: ["watch"] },
  }) as const;
const watch = (section: FieldSection, onList = false) => ({
  section,
  places: onList ? ([...everywhere, "list"] as const) : everywhere,
  types: ["watch"] as const,
});
const jewel = (section: FieldSection) => ({ section, places: everywhere, types: ["jewelry"] as const });

export const REPAIR_FIELDS = {
  id: { prop: "id", kind: "id", list: true },
  repair_number: {
    prop: "repairNumber",
    kind: "text",
    max: 50,
    required: "repairNumberRequired",
    givenOnCreate: true,
    input: true,
    list: true,
    export: "basic",
    exportDefault: true,
    search: true,
  },
  customer_name: {
    prop: "customerName",
    kind: "text",
    max: 200,
    required: "customerNameRequired",
    input: true,
    list: true,
    export: "basic",
    exportDefault: true,
    search: true,
  },
  customer_phone: {
    prop: "customerPhone",
    kind: "text",
    max: 50,
    input: true,
    export: "basic",
    exportDefault: true,
    search: "digits",
  },
  customer_email: { prop: "customerEmail", kind: "email", input: true, export: "basic" },
  item_type: {
    prop: "itemType",
    kind: "enum",
    values: ITEM_TYPES,
    labels: "itemTypes",
    invalid: "itemTypeInvalid",
    default: "other",
    input: true,
    list: true,
    export: "basic",
    exportDefault: true,
  },
  item_description: {
    prop: "itemDescription",
    kind: "text",
    max: 2000,
    multiline: true,
    required: "itemDescriptionRequired",
    input: true,
    list: true,
    export: "basic",
    exportDefault: true,
    search: true,
  },
  // The intake's agreement: the work asked for and the price as agreed then (docs/counter.md).
  work_requested: {
    prop: "workRequested",
    kind: "text",
    max: 2000,
    multiline: true,
    input: true,
    export: "basic",
    show: { section: "work", places: ["form", "detail", "ticket", "statusPage"] },
  },
  price_basis: {
    prop: "priceBasis",
    kind: "enum",
    values: PRICE_BASES,
    labels: "priceBases",
    invalid: "priceBasisInvalid",
    nullable: true,
    default: "quote_first",
    input: true,
    export: "quoteAndPricing",
    show: { section: "work", places: ["form", "detail", "ticket", "statusPage"] },
  },
  estimate_amount: {
    prop: "estimateAmount",
    kind: "money",
    input: true,
    export: "quoteAndPricing",
    show: {
      section: "work",
      places: ["form", "detail", "ticket", "statusPage"],
      when: { column: "price_basis", value: "estimate" },
    },
  },
  // The counter's record: what was left, and in what state (docs/counter.md).
  brand: {
    prop: "brand",
    kind: "text",
    max: 100,
    input: true,
    export: "item",
    search: true,
    show: watch("identity", true),
  },
  model: {
    prop: "model",
    kind: "text",
    max: 100,
    input: true,
    export: "item",
    search: true,
    show: watch("identity", true),
  },
  reference: {
    prop: "reference",
    kind: "text",
    max: 100,
    input: true,
    export: "item",
    search: true,
    show: watch("identity"),
  },
  serial_number: {
    prop: "serialNumber",
    kind: "text",
    max: 100,
    input: true,
    export: "item",
    search: true,
    show: watch("identity"),
  },
  calibre: { prop: "calibre", kind: "text", max: 100, input: true, export: "item", show: watch("identity") },
  metal: { prop: "metal", kind: "text", max: 100, input: true, export: "item", show: jewel("identity") },
  fineness: { prop: "fineness", kind: "text", max: 20, input: true, export: "item", show: jewel("identity") },
  stones: {
    prop: "stones",
    kind: "text",
    max: 500,
    multiline: true,
    input: true,
    export: "item",
    show: jewel("identity"),
  },
  weight_grams: {
    prop: "weightGrams",
    kind: "decimal",
    invalid: "weightInvalid",
    input: true,
    export: "item",
    show: jewel("identity"),
  },
  ring_size_from: { prop: "ringSizeFrom", kind: "text", max: 20, input: true, export: "item", show: jewel("identity") },
  ring_size_to: { prop: "ringSizeTo", kind: "text", max: 20, input: true, export: "item", show: jewel("identity") },
  condition: {
    prop: "condition",
    kind: "codes",
    values: CONDITION_CODES,
    labels: "conditions",
    invalid: "conditionInvalid",
    input: true,
    export: "item",
    show: { section: "condition", places: ["form", "detail", "ticket", "statusPage"] },
  },
  /** Printed on the ticket, unlike notes, which stay the shop's. */
  condition_notes: {
    prop: "conditionNotes",
    kind: "text",
    max: 2000,
    multiline: true,
    input: true,
    export: "item",
    show: { section: "condition", places: ["form", "detail", "ticket", "statusPage"] },
  },
  accessories: {
    prop: "accessories",
    kind: "text",
    max: 500,
    input: true,
    export: "item",
    show: { section: "condition", places: ["form", "detail", "ticket", "statusPage"] },
  },
  /** What the customer says the item is worth (insurance; goods on the premises). */
  declared_value: {
    prop: "declaredValue",
    kind: "money",
    input: true,
    export: "item",
    show: { section: "condition", places: ["form", "detail", "ticket"] },
  },
  status: {
    prop: "status",
    kind: "enum",
    values: REPAIR_STATUSES,
    labels: "statuses",
    invalid: "statusInvalid",
    default: "received",
    input: true,
    list: true,
    export: "statusAndDates",
    exportDefault: true,
  },
  deadline: {
    prop: "deadline",
    kind: "date",
    nullable: true,
    invalid: "deadlineInvalid",
    input: true,
    list: true,
    export: "statusAndDates",
    exportDefault: true,
  },
  created_at: { prop: "createdAt", kind: "instant", list: true, export: "statusAndDates", exportDefault: true },
  updated_at: { prop: "updatedAt", kind: "instant", export: "statusAndDates" },
  notes: { prop: "notes", kind: "text", max: 5000, multiline: true, input: true, export: "basic" },
  outsourced_to: { prop: "outsourcedTo", kind: "text", max: 200, input: true, export: "basic" },
  quote_amount: { prop: "quoteAmount", kind: "money", list: true, export: "quoteAndPricing" },
  quote_notes: { prop: "quoteNotes", kind: "text", export: "quoteAndPricing" },
  quote_status: {
    prop: "quoteStatus",
    kind: "enum",
    values: QUOTE_STATUSES,
    labels: "quoteStatuses",
    nullable: true,
    list: true,
    export: "quoteAndPricing",
  },
  quote_created_at: { prop: "quoteCreatedAt", kind: "instant", nullable: true, export: "quoteAndPricing" },
  quote_expires_at: { prop: "quoteExpiresAt", kind: "instant", nullable: true, list: true, export: "quoteAndPricing" },
  final_price: { prop: "finalPrice", kind: "money", input: true, list: true, export: "quoteAndPricing" },
  /** Paid so far: deposits and payments less refunds, voids left out (lib/payments). */
  paid_total: { prop: "paidTotal", kind: "money", always: true, list: true, export: "quoteAndPricing" },
  /** The final price once set, else the approved quote, else null (./balance.ts). */
  amount_due: { prop: "amountDue", kind: "money", computed: true },
  /** What is left to pay: the amount due (or 0) less what was paid; negative, money to give back. */
  balance_due: {
    prop: "balanceDue",
    kind: "money",
    always: true,
    computed: true,
    list: true,
    export: "quoteAndPricing",
  },
  last_payment_at: { prop: "lastPaymentAt", kind: "instant", nullable: true, export: "quoteAndPricing" },
  picked_up_at: { prop: "pickedUpAt", kind: "instant", nullable: true, export: "statusAndDates" },
  /** Who collected the item, and whether their identity document was checked (asked at pickup). */
  collected_by: { prop: "collectedBy", kind: "text", max: 200, input: true, export: "statusAndDates" },
  id_checked: { prop: "idChecked", kind: "flag", input: true },
  // After the repair (docs/aftercare.md): the warranty from pickup, a comeback's first repair, the service report.
  warranty_months: {
    prop: "warrantyMonths",
    kind: "int",
    min: 0,
    max: 120,
    invalid: "warrantyMonthsInvalid",
    input: true,
    export: "service",
    // The detail's warranty card says it by hand ("None" for 0).
    show: { section: "warranty", places: ["form"] },
  },
  warranty_until: {
    prop: "warrantyUntil",
    kind: "date",
    nullable: true,
    export: "service",
    show: { section: "warranty", places: ["detail", "ticket", "statusPage"] },
  },
  /** The first repair a comeback returns to (POST only: a link is never changed). */
  warranty_of: { prop: "warrantyOf", kind: "id", nullable: true },
  under_warranty: { prop: "underWarranty", kind: "flag", always: true, export: "service" },
  /** Items left together in one visit: the first one's id, on each (POST only, as same_visit_as). */
  visit_id: { prop: "visitId", kind: "id", nullable: true },
  /** The first repair's number, for the export (the JSON has its id, warranty_of). */
  warranty_of_number: {
    prop: "warrantyOfNumber",
    kind: "text",
    sql: "(SELECT w.repair_number FROM repairs w WHERE w.id = repairs.warranty_of)",
    export: "service",
  },
  rate_before: report("rateBefore", "rateInvalid"),
  rate_after: report("rateAfter", "rateInvalid"),
  amplitude_before: report("amplitudeBefore", "amplitudeInvalid", 0, 360),
  amplitude_after: report("amplitudeAfter", "amplitudeInvalid", 0, 360),
  beat_error_before: report("beatErrorBefore", "beatErrorInvalid", 0, 99),
  beat_error_after: report("beatErrorAfter", "beatErrorInvalid", 0, 99),
  water_test_bar: report("waterTestBar", "waterBarInvalid", 0, 100),
  water_test_result: {
    prop: "waterTestResult",
    kind: "enum",
    values: WATER_RESULTS,
    labels: "waterResults",
    invalid: "waterResultInvalid",
    nullable: true,
    input: true,
    export: "service",
    show: { section: "service", places: everywhere, types: ["watch"] },
  },
  sent_out_on: { prop: "sentOutOn", kind: "date", nullable: true, export: "statusAndDates" },
  expected_back_on: { prop: "expectedBackOn", kind: "date", nullable: true, export: "statusAndDates" },
  returned_at: { prop: "returnedAt", kind: "instant", nullable: true, export: "statusAndDates" },
  outsource_cost: { prop: "outsourceCost", kind: "money", export: "quoteAndPricing" },
  outsource_tracking: { prop: "outsourceTracking", kind: "text", export: "basic" },
  /** The language of the customer's status page, ticket and notices (the shop's when a new repair leaves it out). */
  customer_language: {
    prop: "customerLanguage",
    kind: "enum",
    values: LOCALES,
    labels: "languages",
    invalid: "languageInvalid",
    input: true,
  },
  /** The current or last send-out to an outside workshop (outsourced_to is its name). */
  workshop_id: { prop: "workshopId", kind: "id", nullable: true },
  /** Since when it has its status (null: before this was recorded, and unchanged since). */
  status_since: { prop: "statusSince", kind: "instant", nullable: true },
  /** Counted up with every change: sent back as If-Match, and the answer's ETag (docs/api.md). */
  version: { prop: "version", kind: "count", list: true },
  /** Read for the status link's address (status_url), never written through the API nor shown as itself. */
  status_token: { prop: "statusToken", kind: "id" },
} as const satisfies Record<string, Spec>;

type Fields = typeof REPAIR_FIELDS;
export type RepairColumn = keyof Fields;
/** The record's (Prisma's) name of a column. */
export type PropOf<C extends RepairColumn> = Fields[C]["prop"];
export type RepairProp = PropOf<RepairColumn>;
/** The columns whose declaration has this in it. */
export type ColumnsWith<Shape> = { [C in RepairColumn]: Fields[C] extends Shape ? C : never }[RepairColumn];

const entries = Object.entries(REPAIR_FIELDS) as [RepairColumn, Spec][];
export const fieldSpec = (column: RepairColumn): Spec => REPAIR_FIELDS[column];
/** The columns, in the registry's order, whose declaration passes the test. */
export const columnsWhere = (test: (spec: Spec) => unknown): RepairColumn[] =>
  entries.filter(([, spec]) => test(spec)).map(([column]) => column);

/** The fields some screen shows by themselves (`show`). */
export type ShownColumn = ColumnsWith<{ show: object }>;
/** The fields the list shows by themselves (`show` in "list"). */
export type ListShownColumn = {
  [C in RepairColumn]: Fields[C] extends { show: { places: readonly (infer P)[] } }
    ? "list" extends P
      ? C
      : never
    : never;
}[RepairColumn];

/** The fields shown by themselves in one place and section, for one item type. */
export function shownFields(place: FieldPlace, section: FieldSection | null, itemType?: ItemType): ShownColumn[] {
  return columnsWhere(
    ({ show }) =>
      show &&
      show.places.includes(place) &&
      (section === null || show.section === section) &&
      (place !== "form" || !itemType || !show.types || show.types.includes(itemType)),
  ) as ShownColumn[];
}

/** A field the list shows by itself, with what its text needs (./value-text.ts). */
export type ListShownField = { column: ListShownColumn; kind: FieldKind; labels?: string };

/**
 * The fields the list shows by themselves, in order: its page hands them to
 * the list screen, which then need not load this registry.
 */
export function listShownFields(): ListShownField[] {
  return (shownFields("list", null) as ListShownColumn[]).map((column) => {
    const { kind, labels } = fieldSpec(column);
    return { column, kind, labels };
  });
}

/** The fields that are not columns. */
export type ComputedColumn = ColumnsWith<{ computed: true }>;
/** The fields read by a SQL expression, in the export only. */
export type SqlColumn = ColumnsWith<{ sql: string }>;
/** What the computed fields are made of (./balance.ts): read whenever one of them is. */
export const COMPUTED_FROM: RepairColumn[] = ["final_price", "quote_amount", "quote_status", "paid_total"];

/** `repair_number AS "repairNumber", …` for these columns (all of them unless said), in the registry's order. */
export function repairColumnList(columns?: readonly RepairColumn[]): string {
  return entries
    .filter(([column, spec]) => !spec.computed && (!columns || columns.includes(column)))
    .map(([column, { prop, sql }]) =>
      sql ? `${sql} AS "${prop}"` : column === prop ? column : `${column} AS "${prop}"`,
    )
    .join(", ");
}
