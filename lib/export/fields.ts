// The exportable fields (SPEC section 3, and the outside workshop's of issue
// 17) and the customer's email: 24 in all, 8 on by default, in the screen's three groups. Plain data, shared by the export screen and the server.

export const EXPORT_FIELDS = [
  "repair_number",
  "customer_name",
  "customer_phone",
  "customer_email",
  "item_type",
  "item_description",
  "status",
  "deadline",
  "created_at",
  "updated_at",
  "notes",
  "outsourced_to",
  "quote_amount",
  "quote_notes",
  "quote_status",
  "quote_created_at",
  "quote_expires_at",
  "final_price",
  "picked_up_at",
  "sent_out_on",
  "expected_back_on",
  "returned_at",
  "outsource_cost",
  "outsource_tracking",
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];

export const DEFAULT_EXPORT_FIELDS: ExportField[] = [
  "repair_number",
  "customer_name",
  "customer_phone",
  "item_type",
  "item_description",
  "status",
  "deadline",
  "created_at",
];

/** The screen's groups (SPEC section 2, /export). */
export const EXPORT_FIELD_GROUPS: Record<"basic" | "statusAndDates" | "quoteAndPricing", ExportField[]> = {
  basic: [
    "repair_number",
    "customer_name",
    "customer_phone",
    "customer_email",
    "item_type",
    "item_description",
    "notes",
    "outsourced_to",
    "outsource_tracking",
  ],
  statusAndDates: [
    "status",
    "deadline",
    "created_at",
    "updated_at",
    "picked_up_at",
    "sent_out_on",
    "expected_back_on",
    "returned_at",
  ],
  quoteAndPricing: [
    "quote_amount",
    "quote_notes",
    "quote_status",
    "quote_created_at",
    "quote_expires_at",
    "final_price",
    "outsource_cost",
  ],
};
