import { formatDate } from "./dates";
import type { FieldKind } from "./fields";

// A field's value as text, by its kind (lib/repairs/fields.ts): the detail,
// the ticket, the status page and the list write it the same way, each in
// its own language and with its own money format. Empty is null (left out).
// Apart from the registry itself, so a screen that is handed a field's kind
// (the list) need not load it.

/** What a value's text needs of its field's declaration. */
export type ValueShape = { kind: FieldKind; labels?: string };

export type FieldWriters = {
  money: (value: number) => string;
  /** A measure with its decimals, in the language's way ("3,47"). */
  number: (value: number) => string;
  /** A code's label, from the messages' section the field names. */
  label: (section: string, code: string) => string;
  yesNo: (value: boolean) => string;
};

export function valueText({ kind, labels }: ValueShape, value: unknown, write: FieldWriters): string | null {
  if (value === null || value === undefined || value === "") return null;
  switch (kind) {
    case "money":
      return write.money(Number(value));
    case "decimal":
      return write.number(Number(value));
    case "date":
      return formatDate(String(value));
    case "codes": {
      const codes = value as string[];
      return codes.length ? codes.map((code) => write.label(labels!, code)).join(", ") : null;
    }
    case "enum":
      return write.label(labels!, String(value));
    case "flag":
      return write.yesNo(Boolean(value));
    default:
      return String(value);
  }
}

/** The writers for one language: `t` its messages, `money` its euros. */
export function fieldWriters(
  t: (key: string) => string,
  money: (value: number) => string,
  locale: string,
): FieldWriters {
  return {
    money,
    number: decimalWriter(locale),
    label: (section, code) => t(`${section}.${code}`),
    yesNo: (value) => t(value ? "common.yes" : "common.no"),
  };
}

/** Two decimals in the language's way: "3,47" in es and ca, "3.47" in en. */
export const decimalWriter = (locale: string) => {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (value: number) => format.format(value);
};
