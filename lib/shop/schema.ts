import { z } from "zod";
import { optionalEmailSchema, shopNameSchema } from "@/lib/auth/schema";
import { LOCALES } from "@/i18n/config";
import { isValidTaxId, normalizeTaxId } from "./tax-id";

// The shop's details (settings): its name, how customers reach it, and the
// terms printed on tickets. PUT takes any of them; an empty text clears it.

export const SHOP_TEXT_LIMITS = {
  address: 300,
  phone: 50,
  opening_hours: 500,
  ticket_terms: 3000,
  legal_name: 200,
} as const;
/** The largest running number a shop's series may be set to. */
export const MAX_REPAIR_COUNT = 99_999_999;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v),
    z.string({ error: "invalidField" }).max(max, { error: "textTooLong" }).nullable(),
  );

export const shopDetailsSchema = z
  .object({
    name: shopNameSchema,
    address: optionalText(SHOP_TEXT_LIMITS.address),
    phone: optionalText(SHOP_TEXT_LIMITS.phone),
    email: optionalEmailSchema,
    opening_hours: optionalText(SHOP_TEXT_LIMITS.opening_hours),
    /** By language: any of en, es, ca (an empty text clears that language's). */
    ticket_terms: z.strictObject(
      Object.fromEntries(LOCALES.map((l) => [l, optionalText(SHOP_TEXT_LIMITS.ticket_terms).optional()])) as Record<
        (typeof LOCALES)[number],
        z.ZodOptional<ReturnType<typeof optionalText>>
      >,
      { error: (issue) => (issue.code === "unrecognized_keys" ? "languageInvalid" : "invalidField") },
    ),
    /** Tickets, tags, and new repairs' customer language. */
    language: z.enum(LOCALES, { error: "languageInvalid" }),
    /** Days a ready item may wait before the dashboard flags it (work queues). */
    ready_waiting_days: z
      .number({ error: "readyDaysInvalid" })
      .int({ error: "readyDaysInvalid" })
      .min(1, { error: "readyDaysInvalid" })
      .max(365, { error: "readyDaysInvalid" }),
    /** The business's name and tax id, printed on receipts. */
    legal_name: optionalText(SHOP_TEXT_LIMITS.legal_name),
    tax_id: z.preprocess(
      (v) => (typeof v === "string" ? normalizeTaxId(v) || null : v),
      z.string({ error: "taxIdInvalid" }).refine(isValidTaxId, { error: "taxIdInvalid" }).nullable(),
    ),
    /** The share of an approved quote the screens suggest as a deposit (null: none). */
    deposit_percent: z
      .number({ error: "depositPercentInvalid" })
      .int({ error: "depositPercentInvalid" })
      .min(1, { error: "depositPercentInvalid" })
      .max(100, { error: "depositPercentInvalid" })
      .nullable(),
    /** Months of warranty a repair gets at pickup unless changed on it (0: none). */
    warranty_months: z
      .number({ error: "warrantyMonthsInvalid" })
      .int({ error: "warrantyMonthsInvalid" })
      .min(0, { error: "warrantyMonthsInvalid" })
      .max(120, { error: "warrantyMonthsInvalid" }),
    /** The shop's series of repair numbers (lib/repairs/numbering.ts): its prefix and the next running number. */
    repair_number_prefix: z
      .string({ error: "numberPrefixInvalid" })
      .trim()
      .regex(/^[A-Za-z0-9]{1,10}$/, { error: "numberPrefixInvalid" }),
    next_repair_number: z
      .number({ error: "nextNumberInvalid" })
      .int({ error: "nextNumberInvalid" })
      .min(1, { error: "nextNumberInvalid" })
      .max(MAX_REPAIR_COUNT, { error: "nextNumberInvalid" }),
  })
  .partial();
