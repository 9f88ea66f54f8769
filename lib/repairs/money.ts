import type { Locale } from "@/i18n/config";
import type { ErrorCode } from "@/lib/errors";
import { MAX_MONEY } from "./limits";

// Amounts as people type them. Spanish and Catalan write "1.234,50", English
// "1,234.50"; everyone may type "90,5" or "90.5" for ninety and a half. So a
// single mark followed by one or two digits is the decimal mark in any
// language; a mark followed by three digits is a thousands separator only
// where the language uses it so ("1.234" is 1234 in es and ca, and refused in
// en, where it would be a decimal with too many places); both marks together
// must be in the language's own order. The API itself takes numbers.

const GROUP: Record<Locale, "." | ","> = { en: ",", es: ".", ca: "." };

export type ParsedAmount = { value: number; error: null } | { value: null; error: ErrorCode };

const invalid: ParsedAmount = { value: null, error: "amountInvalid" };

export function parseAmount(text: string, locale: Locale): ParsedAmount {
  const trimmed = text.replace(/[\s\u00a0\u202f€]/g, "");
  if (trimmed === "") return { value: null, error: "amountRequired" };
  if (!/^\d[\d.,]*$/.test(trimmed)) return invalid;
  const group = GROUP[locale];
  const decimal = group === "." ? "," : ".";
  let digits: string;
  const marks = trimmed.replace(/\d/g, "");
  if (marks === "") digits = trimmed;
  else if (marks.length === 1 && /^\d+[.,]\d{1,2}$/.test(trimmed)) digits = trimmed.replace(/[.,]/, ".");
  else {
    // Thousands groups, then at most one decimal mark: only in the language's own form.
    const shape = new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+(?:\\${decimal}\\d{1,2})?$`);
    if (!shape.test(trimmed)) return invalid;
    digits = trimmed.split(group).join("").replace(decimal, ".");
  }
  const value = Number(digits);
  return Number.isFinite(value) && value <= MAX_MONEY ? { value, error: null } : invalid;
}

/** An amount shown back the way the language writes it ("1.234,50 €" in es, "€1,234.50" in en). */
export function formatAmount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** An amount as an input shows it to edit: two decimals, the language's decimal mark, no grouping. */
export function amountInputText(value: number | null, locale: Locale): string {
  if (value === null) return "";
  const text = value.toFixed(2);
  return GROUP[locale] === "." ? text.replace(".", ",") : text;
}

/** A measure that may be below zero ("-2,5" seconds a day): a minus sign, then an amount as above. */
export function parseSigned(text: string, locale: Locale): ParsedAmount {
  const negative = /^\s*[-\u2212]/.test(text);
  // A sign typed in front ("+3 s a day", "−2"): the number after it.
  const parsed = parseAmount(text.replace(/^\s*[-\u2212+]/, ""), locale);
  return parsed.error || !negative ? parsed : { value: -parsed.value, error: null };
}
