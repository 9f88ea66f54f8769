import type { Locale } from "@/i18n/config";
import type { ErrorCode } from "@/lib/errors";
import { isDayText } from "@/lib/repairs/dates";
import { amountInputText, parseAmount } from "@/lib/repairs/money";
import { repairCreateSchema, repairUpdateSchema } from "@/lib/repairs/schema";
import type { RepairJson } from "@/lib/repairs/serialize";
import { emptyRecord, recordErrors, recordPayload, recordValues } from "./record-fields";

// The repair form's values as typed (text, in the person's language), how
// they are checked, kept as a draft, read from a repair and sent.

export const EMPTY = {
  repair_number: "",
  customer_name: "",
  customer_phone: "",
  customer_email: "",
  item_type: "other",
  item_description: "",
  notes: "",
  status: "received",
  deadline: "",
  outsourced_to: "",
  final_price: "",
  customer_language: "",
  ...emptyRecord(),
  /** A comeback's first repair (its id is sent; its number only shown). */
  warranty_of: "",
  warranty_of_number: "",
  /** Another item of the same visit: a repair of it (its id is sent; its number only shown). */
  same_visit_as: "",
  same_visit_number: "",
};
export type Values = typeof EMPTY;
export type Name = keyof Values;

/**
 * The form's errors: what only a person's typing can get wrong (an amount in
 * their language's format, a date as DD/MM/YYYY), then the server's own
 * schema (lib/repairs/schema.ts) on what would be sent, so the form holds the
 * very rules and limits the server does. The first problem of each field.
 */
export function check(values: Values, locale: Locale, editing: boolean): Partial<Record<Name, ErrorCode>> {
  const found: Partial<Record<Name, ErrorCode>> = {};
  if (values.deadline.trim() && !isDayText(values.deadline.trim())) found.deadline = "deadlineInvalid";
  const price = values.final_price.trim() ? parseAmount(values.final_price, locale).error : null;
  if (price) found.final_price = price;
  Object.assign(found, recordErrors(values, locale));
  const schema = editing ? repairUpdateSchema : repairCreateSchema;
  const { final_price, ...rest } = values;
  const result = schema.safeParse({
    ...rest,
    ...recordPayload(values, locale),
    repair_number: editing || rest.repair_number.trim() ? rest.repair_number : undefined,
    final_price: editing && !price ? parseAmount(final_price, locale).value : undefined,
  });
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Name;
    found[field] ??= issue.message as ErrorCode;
  }
  return found;
}

export type Draft = { values: Values; photos: string[] };

export function readDraft(key: string): Draft | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(key) ?? "null") as Draft | null;
    return draft && typeof draft.values === "object" && Array.isArray(draft.photos) ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: Draft) {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or off: the form works as before, without a kept draft.
  }
}

/** The form's values for an existing repair: the deadline as DD/MM/YYYY from the date part before T. */
export function valuesOf(repair: RepairJson, locale: Locale): Values {
  const [year, month, day] = (repair.deadline ?? "").split("T")[0].split("-");
  return {
    repair_number: repair.repair_number,
    customer_name: repair.customer_name,
    customer_phone: repair.customer_phone ?? "",
    customer_email: repair.customer_email ?? "",
    item_type: repair.item_type,
    item_description: repair.item_description,
    notes: repair.notes ?? "",
    status: repair.status,
    deadline: repair.deadline ? `${day}/${month}/${year}` : "",
    outsourced_to: repair.outsourced_to ?? "",
    final_price: amountInputText(repair.final_price, locale),
    customer_language: repair.customer_language,
    ...recordValues(repair, locale),
    // Linked at creation, never changed by an edit.
    warranty_of: "",
    warranty_of_number: "",
    same_visit_as: "",
    same_visit_number: "",
  };
}

export function payloadOf(values: Values, locale: Locale, before?: Values) {
  const { outsourced_to, final_price, ...typed } = values;
  const common = { ...typed, ...recordPayload(values, locale) };
  // Left empty on a new repair: the shop's series gives the number.
  if (!before) return { ...common, repair_number: common.repair_number.trim() || undefined };
  // A picked-up repair refuses any final price: send it only when it changed.
  const price = final_price.trim() ? parseAmount(final_price, locale).value : null;
  return { ...common, outsourced_to, ...(final_price !== before.final_price ? { final_price: price } : {}) };
}

/** What a comeback's form takes from the first repair: the customer and the item's identity. */
const COMEBACK_KEEPS = [
  "customer_name",
  "customer_phone",
  "customer_email",
  "customer_language",
  "item_type",
  "brand",
  "model",
  "reference",
  "serial_number",
  "calibre",
  "metal",
] as const satisfies readonly Name[];

/**
 * A comeback's form: the customer and the item as they were, linked to this
 * repair. Under its warranty (today, as the server will judge it) it is
 * covered by it and gets no months of its own unless staff give some.
 */
export function comebackValues(repair: RepairJson, today = new Date()): Partial<Values> {
  const typed = valuesOf(repair, repair.customer_language);
  const covered =
    repair.warranty_until !== null && repair.warranty_until.slice(0, 10) >= today.toISOString().slice(0, 10);
  return {
    ...Object.fromEntries(COMEBACK_KEEPS.map((name) => [name, typed[name]])),
    ...(covered ? { warranty_months: "0" } : {}),
    warranty_of: repair.id,
    warranty_of_number: repair.repair_number,
  };
}
