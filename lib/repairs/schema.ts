import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import { parseDeadline } from "./dates";
import { MAX_MONEY, MAX_PAGE_SIZE, PAGE_SIZE, QUOTE_DAYS } from "./limits";
import { QUEUES, REPAIR_STATUSES } from "./workflow";
import { columnsWhere, fieldSpec, REPAIR_FIELDS, type ColumnsWith } from "./fields";
import { optionalEmailSchema } from "@/lib/auth/schema";
import { blankToNull, err, optionalText } from "@/lib/schema-parts";

// Repair payloads, shared by the forms and the
// route handlers. Messages are error codes; texts live in messages/*.json.
// Unknown fields (a shopId, say) are dropped.

const requiredText = (code: ErrorCode, max: number) =>
  z.string(err(code)).trim().min(1, err(code)).max(max, err("textTooLong"));

/**
 * A number of 0 or more with at most 2 decimals, as people type it. The API
 * takes a number; a string is read only as plain digits with one decimal mark
 * ("12,50" or "12.50"), so nothing JavaScript's Number() would also read
 * ("0x10", "1e3", " ") slips in.
 */
const twoDecimals = (invalid: ErrorCode, required: ErrorCode, max: number, min = 0) =>
  z.preprocess(
    (v) => {
      if (v === "" || v === null) return undefined;
      if (typeof v !== "string") return v;
      const text = v.trim();
      return /^[-+]?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(",", ".")) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .finite(err(invalid))
      .min(min, err(invalid))
      .max(max, err(invalid))
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, err(invalid)),
  );

/** Euros, 0 or more, at most 2 decimals. */
export const moneySchema = twoDecimals("amountInvalid", "amountRequired", MAX_MONEY);

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

/** A field's rule, by its kind and limits in the registry (./fields.ts). */
type RuleOf<S> = S extends { kind: "text"; required: ErrorCode }
  ? ReturnType<typeof requiredText>
  : S extends { kind: "text" }
    ? ReturnType<typeof optionalText>
    : S extends { kind: "email" }
      ? typeof optionalEmailSchema
      : S extends { kind: "enum"; values: infer V extends readonly [string, ...string[]] }
        ? z.ZodEnum<{ [K in V[number]]: K }>
        : S extends { kind: "date" }
          ? ReturnType<typeof dateSchema>
          : S extends { kind: "money" }
            ? typeof optionalMoney
            : S extends { kind: "decimal" }
              ? ReturnType<typeof optionalDecimal>
              : S extends { kind: "codes"; values: readonly (infer V extends string)[] }
                ? z.ZodType<V[]>
                : S extends { kind: "flag" }
                  ? typeof flagSchema
                  : S extends { kind: "int" }
                    ? ReturnType<typeof wholeNumber>
                    : never;

const optionalMoney = z.preprocess(blankToNull, moneySchema.nullable());
/** A measure (grams, seconds a day…): 2 decimals, in its range (0 to below a million unless said). */
const optionalDecimal = (invalid: ErrorCode, min = 0, max = 999_999.99) =>
  z.preprocess(blankToNull, twoDecimals(invalid, invalid, max, min).nullable());
/** A whole number in its range. */
const wholeNumber = (invalid: ErrorCode, min: number, max: number) =>
  z.number(err(invalid)).int(err(invalid)).min(min, err(invalid)).max(max, err(invalid));
/** Codes of a checklist, each once, in the order given; none is an empty list. */
const codesSchema = (values: readonly [string, ...string[]], invalid: ErrorCode) =>
  z.preprocess(
    (v) => (v === null || v === "" ? [] : Array.isArray(v) ? [...new Set(v)] : v),
    // One error for the list (the form shows it under the checklist), whichever code is unknown.
    z
      .array(z.string(err(invalid)), err(invalid))
      .refine((codes) => codes.every((code) => values.includes(code)), err(invalid)),
  );
const flagSchema = z.boolean(err("invalidField")).nullable();

function ruleOf(column: InputColumn): z.ZodType {
  const spec = fieldSpec(column);
  switch (spec.kind) {
    case "text":
      return spec.required ? requiredText(spec.required, spec.max ?? 200) : optionalText(spec.max ?? 200);
    case "email":
      return optionalEmailSchema;
    case "enum":
      // An enum that may be empty takes null (and "" from a form) for none.
      return spec.nullable
        ? z.preprocess(
            blankToNull,
            z.enum(spec.values as [string, ...string[]], err(spec.invalid ?? "invalidField")).nullable(),
          )
        : z.enum(spec.values as [string, ...string[]], err(spec.invalid ?? "invalidField"));
    case "date":
      return dateSchema(spec.invalid ?? "invalidField");
    case "money":
      return optionalMoney;
    case "decimal":
      return optionalDecimal(spec.invalid ?? "invalidField", spec.min, spec.max);
    case "int":
      return wholeNumber(spec.invalid ?? "invalidField", spec.min ?? 0, spec.max ?? 1_000_000);
    case "codes":
      return codesSchema(spec.values as [string, ...string[]], spec.invalid ?? "invalidField");
    case "flag":
      return flagSchema;
    default:
      throw new Error(`${column}: a ${spec.kind} is not written through the API`);
  }
}

type InputColumn = ColumnsWith<{ input: true }>;
/** Every field POST and PUT take, with its rule. */
const fields = Object.fromEntries(
  columnsWhere((spec) => spec.input).map((column) => [column, ruleOf(column as InputColumn)]),
) as { [C in InputColumn]: RuleOf<(typeof REPAIR_FIELDS)[C]> };

/** On create: a required text stays required (unless the server gives it), an enum with a default gets it, the rest may be left out. */
const createFields = Object.fromEntries(
  Object.entries(fields).map(([column, rule]) => {
    const spec = fieldSpec(column as InputColumn);
    if (spec.required && !spec.givenOnCreate) return [column, rule];
    // Left empty, the server gives it.
    if (spec.givenOnCreate)
      return [
        column,
        z.preprocess((v) => ((typeof v === "string" && !v.trim()) || v === null ? undefined : v), rule.optional()),
      ];
    if (spec.default !== undefined) return [column, (rule as z.ZodEnum).default(spec.default as never)];
    return [column, rule.optional()];
  }),
) as {
  [C in InputColumn]: (typeof REPAIR_FIELDS)[C] extends { required: ErrorCode; givenOnCreate?: never }
    ? (typeof fields)[C]
    : (typeof REPAIR_FIELDS)[C] extends { default: string }
      ? z.ZodDefault<(typeof fields)[C]>
      : z.ZodOptional<(typeof fields)[C]>;
};

/**
 * The price as agreed at intake: an estimate has its amount, and only an
 * estimate has one (choosing another basis clears it). PUT sends the two
 * together when it changes the basis to an estimate.
 */
type PriceAgreement = { price_basis?: string | null; estimate_amount?: number | null };
const estimateHasAmount = (body: PriceAgreement) => body.price_basis !== "estimate" || body.estimate_amount != null;
const estimateError = { error: "estimateRequired" satisfies ErrorCode, path: ["estimate_amount"] };
function onlyAnEstimateHasAmount<T extends PriceAgreement>(body: T): T {
  return body.price_basis !== undefined && body.price_basis !== "estimate" ? { ...body, estimate_amount: null } : body;
}

export const repairCreateSchema = z
  .object({
    ...createFields,
    notify,
    /** A comeback: the first repair it returns to (docs/aftercare.md). */
    warranty_of: z.preprocess(blankToNull, z.string(err("warrantyOfNotFound")).nullable()).optional(),
    /** Left in the same visit as this repair of today (one "received" email for them all). */
    same_visit_as: z.preprocess(blankToNull, z.string(err("visitNotFound")).nullable()).optional(),
    /** More items of this visit follow: its "received" email waits for the last one. */
    more_items: z.boolean(err("invalidField")).optional(),
  })
  .refine(estimateHasAmount, estimateError)
  .transform(onlyAnEstimateHasAmount);
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
  .refine(outsourcedOnly, outsourcedOnlyError)
  .refine(estimateHasAmount, estimateError)
  .transform(onlyAnEstimateHasAmount);
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
    /** The version each was seen at (a screen's If-Match, one per repair): any other refuses them all (412). */
    versions: z.record(z.string(), z.number(err("invalidField")).int(err("invalidField"))).optional(),
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

/** The stages a customer signs at: as the item is left, and as it is collected. */
export const SIGNATURE_STAGES = ["intake", "pickup"] as const;
/** A drawn signature is a few kilobytes; anything near this is not one. */
export const MAX_SIGNATURE_BYTES = 512 * 1024;
/** A signature as the pad sends it: a PNG as a data URL, its base64 the first group. */
export const SIGNATURE_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

export const signatureSchema = z.object({
  stage: z.enum(SIGNATURE_STAGES, err("signatureStageInvalid")),
  signer_name: z
    .string(err("signerNameRequired"))
    .trim()
    .min(1, err("signerNameRequired"))
    .max(200, err("textTooLong")),
  image: z
    .string(err("signatureImageInvalid"))
    .max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 32, err("signatureTooLarge"))
    .regex(SIGNATURE_DATA_URL, err("signatureImageInvalid")),
});
