import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import { parseDeadline } from "./dates";
import { MAX_MONEY, MAX_PAGE_SIZE, PAGE_SIZE, QUOTE_DAYS } from "./limits";
import { ITEM_TYPES, QUEUES, REPAIR_STATUSES } from "./workflow";
import { LOCALES } from "@/i18n/config";
import { optionalEmailSchema } from "@/lib/auth/schema";

// Repair payloads (SPEC sections 3, 5 and 7), shared by the forms and the
// route handlers. Messages are error codes; texts live in messages/*.json.
// Unknown fields (a shopId, say) are dropped.

const err = (code: ErrorCode) => ({ error: code });
const blankToNull = (v: unknown) => (typeof v === "string" ? v.trim() || null : (v ?? null));

const requiredText = (code: ErrorCode, max: number) =>
  z.string(err(code)).trim().min(1, err(code)).max(max, err("textTooLong"));

const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string(err("textTooLong")).max(max, err("textTooLong")).nullable());

/**
 * Euros, 0 or more, at most 2 decimals. The API takes a number; a string is
 * read only as plain digits with one decimal mark ("12,50" or "12.50"), so
 * nothing JavaScript's Number() would also read ("0x10", "1e3", " ") slips in.
 */
export const moneySchema = z.preprocess(
  (v) => {
    if (v === "" || v === null) return undefined;
    if (typeof v !== "string") return v;
    const text = v.trim();
    return /^\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(",", ".")) : Number.NaN;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? "amountRequired" : "amountInvalid") })
    .finite(err("amountInvalid"))
    .min(0, err("amountInvalid"))
    .max(MAX_MONEY, err("amountInvalid"))
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, err("amountInvalid")),
);

/** A calendar date, DD/MM/YYYY (or YYYY-MM-DD), or none. */
const dateSchema = (code: ErrorCode) =>
  z.preprocess(
    blankToNull,
    z
      .string(err(code))
      .nullable()
      .transform((text, ctx) => {
        if (text === null) return null;
        const date = parseDeadline(text);
        if (!date) ctx.addIssue({ code: "custom", message: code });
        return date;
      }),
  );

const deadlineSchema = dateSchema("deadlineInvalid");

/**
 * Sending a repair to an outside workshop (issue 17, part 2): with the status
 * outsourced, from the badge, the edit form, a quick action or the list's
 * selection. The date sent is today in the shop's time zone when left out.
 */
export const sendOutSchema = z.object({
  workshop_id: z.string(err("workshopRequired")).min(1, err("workshopRequired")),
  sent_on: dateSchema("sentOnInvalid").optional(),
  expected_back: dateSchema("expectedBackInvalid").optional(),
  cost: z.preprocess(blankToNull, moneySchema.nullable()).optional(),
  tracking: optionalText(100).optional(),
});
export type SendOutInput = z.output<typeof sendOutSchema>;

/** false: do not tell the customer about this one change (docs/customers.md, Notices). */
const notify = z.boolean(err("invalidField")).optional();

const fields = {
  repair_number: requiredText("repairNumberRequired", 50),
  customer_name: requiredText("customerNameRequired", 200),
  customer_phone: optionalText(50),
  customer_email: optionalEmailSchema,
  item_type: z.enum(ITEM_TYPES, err("itemTypeInvalid")),
  item_description: requiredText("itemDescriptionRequired", 2000),
  notes: optionalText(5000),
  status: z.enum(REPAIR_STATUSES, err("statusInvalid")),
  deadline: deadlineSchema,
  outsourced_to: optionalText(200),
  final_price: z.preprocess(blankToNull, moneySchema.nullable()),
  /** The language of the customer's status page (the shop's when a new repair leaves it out). */
  customer_language: z.enum(LOCALES, err("languageInvalid")),
};

export const repairCreateSchema = z.object({
  ...fields,
  item_type: fields.item_type.default("other"),
  status: fields.status.default("received"),
  customer_phone: fields.customer_phone.optional(),
  notes: fields.notes.optional(),
  deadline: fields.deadline.optional(),
  outsourced_to: fields.outsourced_to.optional(),
  final_price: fields.final_price.optional(),
  customer_language: fields.customer_language.optional(),
  customer_email: fields.customer_email.optional(),
  notify,
});
export type RepairCreateInput = z.output<typeof repairCreateSchema>;

/** Send-out details go only with the status outsourced. */
const outsourcedOnly = <T extends { status?: string; send_out?: unknown }>(body: T) =>
  body.send_out === undefined || body.status === "outsourced";
const outsourcedOnlyError = { error: "sendOutNeedsOutsourced" satisfies ErrorCode, path: ["send_out"] };

/** PUT takes any subset of the fields (the spec sends only final_price). */
export const repairUpdateSchema = z
  .object(fields)
  .partial()
  .extend({ notify, send_out: sendOutSchema.optional() })
  .refine(outsourcedOnly, outsourcedOnlyError);
export type RepairUpdateInput = z.output<typeof repairUpdateSchema>;

const statusChangeFields = { status: fields.status, notify, send_out: sendOutSchema.optional() };
export const statusChangeSchema = z.object(statusChangeFields).refine(outsourcedOnly, outsourcedOnlyError);

/** Several repairs to one status (the list's selection); at most MAX_BULK_IDS. */
export const MAX_BULK_IDS = 100;
export const bulkStatusSchema = z
  .object({
    ...statusChangeFields,
    ids: z
      .array(z.string(err("repairNotFound")), err("invalidField"))
      .min(1, err("invalidField"))
      .max(MAX_BULK_IDS, err("tooManyRepairs")),
  })
  .refine(outsourcedOnly, outsourcedOnlyError);

/** The final price dialog's one field (sent as PUT's final_price). */
export const finalPriceSchema = z.object({ amount: moneySchema });

export const quoteSchema = z.object({
  notify,
  amount: moneySchema,
  notes: optionalText(2000).optional(),
  expires_in_hours: z
    .number(err("quoteExpiryInvalid"))
    .int(err("quoteExpiryInvalid"))
    .min(QUOTE_DAYS.min * 24, err("quoteExpiryInvalid"))
    .max(QUOTE_DAYS.max * 24, err("quoteExpiryInvalid"))
    .default(QUOTE_DAYS.default * 24),
});
export type QuoteInput = z.output<typeof quoteSchema>;

const listError = err("listQueryInvalid");
export const listQuerySchema = z.object({
  page: z.coerce.number(listError).int(listError).min(1, listError).max(1_000_000, listError).default(1),
  limit: z.coerce.number(listError).int(listError).min(1, listError).max(MAX_PAGE_SIZE, listError).default(PAGE_SIZE),
  search: z.preprocess(blankToNull, z.string().max(200, err("textTooLong")).nullable()).optional(),
  /** From the previous page's pagination.nextCursor: reads on from there through the index. */
  cursor: z.preprocess(blankToNull, z.string().max(200, listError).nullable()).optional(),
  statuses: z
    .preprocess(
      (v) =>
        typeof v === "string" && v.trim()
          ? [
              ...new Set(
                v
                  .split(",")
                  .map((s) => s.trim())
                  .filter(Boolean),
              ),
            ]
          : undefined,
      z.array(z.enum(REPAIR_STATUSES, listError)).optional(),
    )
    .optional(),
  /** One work queue (lib/repairs/queues.ts): what needs doing. */
  queue: z.preprocess(blankToNull, z.enum(QUEUES, listError).nullable()).optional(),
  /** At an outside workshop: "any", or one workshop's id. */
  workshop: z.preprocess(blankToNull, z.string(listError).max(40, listError).nullable()).optional(),
  /** Newest first (the default), or by deadline: soonest first, none last. */
  sort: z.enum(["created", "deadline"], listError).default("created"),
});
export type ListQuery = z.output<typeof listQuerySchema>;
