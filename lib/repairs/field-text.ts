import { formatDate } from "./dates";
import { fieldSpec, type RepairColumn } from "./fields";

// A field that shows by itself (lib/repairs/fields.ts `show`), as text: the
// detail, the ticket and the status page write it the same way, each in its
// own language and with its own money format. Empty is null (left out).

export type FieldWriters = {
  money: (value: number) => string;
  /** A measure with its decimals, in the language's way ("3,47"). */
  number: (value: number) => string;
  /** A code's label, from the messages' section the field names. */
  label: (section: string, code: string) => string;
  yesNo: (value: boolean) => string;
};

export function fieldText(column: RepairColumn, value: unknown, write: FieldWriters): string | null {
  if (value === null || value === undefined || value === "") return null;
  const spec = fieldSpec(column);
  switch (spec.kind) {
    case "money":
      return write.money(Number(value));
    case "decimal":
      return write.number(Number(value));
    case "date":
      return formatDate(String(value));
    case "codes": {
      const codes = value as string[];
      return codes.length ? codes.map((code) => write.label(spec.labels!, code)).join(", ") : null;
    }
    case "enum":
      return write.label(spec.labels!, String(value));
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
