import { z } from "zod";
import { parseDeadline } from "@/lib/repairs/dates";
import { REPAIR_STATUSES } from "@/lib/repairs/workflow";
import { EXPORT_FIELDS } from "./fields";
import { err } from "@/lib/schema-parts";

// POST /export/excel: the fields, the optional date range
// and statuses.

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
  .refine((e) => !e.startDate || !e.endDate || e.startDate <= e.endDate, {
    path: ["endDate"],
    message: "exportDateOrder",
  });
export type ExportRequest = z.output<typeof exportSchema>;
