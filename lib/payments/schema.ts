import { z } from "zod";
import type { Locale } from "@/i18n/config";
import { afterCursor } from "@/lib/db/keyset";
import { MAX_MONEY } from "@/lib/repairs/limits";
import { parseAmount } from "@/lib/repairs/money";
import { err, optionalText } from "@/lib/schema-parts";
import { PAYMENT_KINDS, PAYMENT_METHODS } from "./kinds";
import { isValidTaxId, normalizeTaxId } from "@/lib/shop/tax-id";

// The request rules of money taken: a payment and a void (lib/payments/payments.ts),
// and a page of the takings' lines (lib/payments/takings.ts).

const note = optionalText(500);

/**
 * An amount as every amount: a number, or text as the caller's language
 * writes it ("1.234,50" in es and ca, "90,5" anywhere); more than 0, two
 * decimals at most.
 */
const amountIn = (locale: Locale) =>
  z.preprocess(
    (v) => {
      if (typeof v === "string") return parseAmount(v, locale).value ?? Number.NaN;
      return v === null || v === undefined || v === "" ? undefined : v;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? "amountRequired" : "paymentAmountInvalid") })
      .finite(err("paymentAmountInvalid"))
      .gt(0, err("paymentAmountInvalid"))
      .max(MAX_MONEY, err("paymentAmountInvalid"))
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, err("paymentAmountInvalid")),
  );

const required = (max: number) =>
  z.string(err("invalidField")).trim().min(1, err("invalidField")).max(max, err("textTooLong"));

/** A customer's tax details for a full invoice: a Spanish tax id, the name and the address. */
const invoiceCustomerSchema = z.object({
  tax_id: z.preprocess(
    (v) => (typeof v === "string" ? normalizeTaxId(v) : v),
    z.string(err("taxIdInvalid")).refine(isValidTaxId, err("taxIdInvalid")),
  ),
  name: required(120),
  address: required(300),
});

export const paymentSchema = (locale: Locale) =>
  z
    .object({
      kind: z.enum(PAYMENT_KINDS, err("paymentKindInvalid")),
      amount: amountIn(locale),
      method: z.enum(PAYMENT_METHODS, err("paymentMethodInvalid")),
      note: note.optional(),
      /** A refund given as a discount: it lowers what is due (the final price) by its amount. */
      discount: z.boolean(err("invalidField")).default(false),
      /** The customer's tax details, for a full invoice (a shop that invoices; required over 400 €). */
      customer: invoiceCustomerSchema.optional(),
    })
    .refine((p) => !p.discount || p.kind === "refund", { error: "discountOnlyRefund", path: ["discount"] });

export const voidSchema = z.object({
  reason: z.string(err("voidReasonRequired")).trim().min(1, err("voidReasonRequired")).max(500, err("textTooLong")),
});

/** Which of the takings' lists a page is of, and after which line. */
export const takingsPageSchema = z.object({
  lines: z.enum(["payments", "voided"], err("takingsCursorInvalid")).optional(),
  after: afterCursor,
});
