import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import { parseDeadline } from "@/lib/repairs/dates";
import { REPAIR_STATUSES } from "@/lib/repairs/workflow";

// POST /export/excel (SPEC sections 3 and 7): the 18 exportable fields, the 8
// on by default, and the optional date range and statuses.

export const EXPORT_FIELDS = [
  "repair_number", "customer_name", "customer_phone", "item_type", "item_description", "status", "deadline", "created_at",
  "updated_at", "notes", "outsourced_to", "quote_amount", "quote_notes", "quote_status", "quote_created_at",
  "quote_expires_at", "final_price", "picked_up_at",
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];

export const DEFAULT_EXPORT_FIELDS: ExportField[] = [
  "repair_number", "customer_name", "customer_phone", "item_type", "item_description", "status", "deadline", "created_at",
];

/** The screen's groups (SPEC section 2, /export). */
export const EXPORT_FIELD_GROUPS: Record<"basic" | "statusAndDates" | "quoteAndPricing", ExportField[]> = {
  basic: ["repair_number", "customer_name", "customer_phone", "item_type", "item_description", "notes", "outsourced_to"],
  statusAndDates: ["status", "deadline", "created_at", "updated_at", "picked_up_at"],
  quoteAndPricing: ["quote_amount", "quote_notes", "quote_status", "quote_created_at", "quote_expires_at", "final_price"],
};

const err = (code: ErrorCode) => ({ error: code });

const day = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .string(err("exportDateInvalid"))
    .nullish()
    .transform((text, ctx) => {
      if (text == null) return null;
      const date = parseDeadline(text.trim());
      if (!date) ctx.addIssue({ code: "custom", message: "exportDateInvalid" });
      return date;
    }),
);

export const exportSchema = z
  .object({
    fields: z
      .array(z.enum(EXPORT_FIELDS, err("exportFieldInvalid")), err("exportNoFields"))
      .min(1, err("exportNoFields"))
      .transform((fields) => [...new Set(fields)]),
    startDate: day,
    endDate: day,
    statuses: z.array(z.enum(REPAIR_STATUSES, err("statusInvalid")), err("statusInvalid")).nullish(),
  })
  .refine((e) => !e.startDate || !e.endDate || e.startDate <= e.endDate, { path: ["endDate"], message: "exportDateOrder" });
export type ExportRequest = z.output<typeof exportSchema>;
