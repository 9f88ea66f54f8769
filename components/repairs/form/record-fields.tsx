"use client";

import type { ChangeEvent } from "react";
import { useTranslations } from "next-intl";
import type { Locale } from "@/i18n/config";
import type { ErrorCode } from "@/lib/errors";
import {
  CONDITIONS,
  fieldSpec,
  shownFields,
  type ColumnsWith,
  type FieldSection,
  type RepairColumn,
} from "@/lib/repairs/fields";
import { amountInputText, parseAmount, parseSigned } from "@/lib/repairs/money";
import type { RepairJson } from "@/lib/repairs/serialize";
import type { ItemType } from "@/lib/repairs/workflow";
import { fieldErrorText } from "@/components/ui/error-text";
import { AreaField, ChecksField, Field, MoneyField, SelectField } from "@/components/ui/field";

// The fields the registry shows by themselves (lib/repairs/fields.ts `show`):
// their values in the form, what the form sends, and their inputs (their
// facts on the detail: ../detail/record-facts.tsx). A field declared there
// appears here with no more code.

/** A field the form shows by itself. */
export type RecordColumn = ColumnsWith<{ show: { places: readonly ["form", ...string[]] } }>;
const FORM_COLUMNS = shownFields("form", null) as RecordColumn[];
export type RecordValues = Record<RecordColumn, string>;

const isNumber = (column: RepairColumn) => ["money", "decimal"].includes(fieldSpec(column).kind);
/** A number typed as the language writes it; below zero where the field allows it. */
const parseNumber = (column: RepairColumn, text: string, locale: Locale) =>
  (fieldSpec(column).min ?? 0) < 0 ? parseSigned(text, locale) : parseAmount(text, locale);

/** The form's values for a new repair: empty, or what the server would give (an enum's default). */
export const emptyRecord = () =>
  Object.fromEntries(FORM_COLUMNS.map((c) => [c, fieldSpec(c).default ?? ""])) as RecordValues;

/** Whether the form asks for a field now: one asked for only with another's value (`when`) waits for it. */
const asked = (column: RecordColumn, values: RecordValues) => {
  const when = fieldSpec(column).show?.when;
  return !when || values[when.column as RecordColumn] === when.value;
};

/** The form's values for an existing repair, as a person edits them ("3,47", codes as "a,b"). */
export function recordValues(repair: RepairJson, locale: Locale): RecordValues {
  const json = repair as unknown as Record<string, unknown>;
  return Object.fromEntries(
    FORM_COLUMNS.map((column) => {
      const value = json[column];
      if (isNumber(column)) {
        const n = (value ?? null) as number | null;
        return [column, n !== null && n < 0 ? `-${amountInputText(-n, locale)}` : amountInputText(n, locale)];
      }
      if (Array.isArray(value)) return [column, value.join(",")];
      if (typeof value === "number") return [column, String(value)];
      return [column, (value ?? "") as string];
    }),
  ) as RecordValues;
}

/** What is sent: numbers read as the language writes them, codes as a list, text as typed. */
export function recordPayload(values: RecordValues, locale: Locale): Record<string, unknown> {
  return Object.fromEntries(
    FORM_COLUMNS.map((column) => {
      const text = values[column] ?? "";
      const { kind } = fieldSpec(column);
      if (isNumber(column)) return [column, text.trim() ? parseNumber(column, text, locale).value : null];
      if (kind === "codes") return [column, text.split(",").filter(Boolean)];
      // A whole number left empty is not sent (it keeps its value, or the shop's).
      if (kind === "int") return [column, text.trim() ? Number(text) : undefined];
      if (kind === "enum") return [column, text || null];
      return [column, text];
    }),
  );
}

/** The errors only a person's typing can make: a number not in the language's form. */
export function recordErrors(values: RecordValues, locale: Locale): Partial<Record<RecordColumn, ErrorCode>> {
  const found: Partial<Record<RecordColumn, ErrorCode>> = {};
  for (const column of FORM_COLUMNS) {
    const text = (values[column] ?? "").trim();
    const { kind, invalid } = fieldSpec(column);
    const wrong = isNumber(column)
      ? text !== "" && parseNumber(column, text, locale).error !== null
      : kind === "int" && text !== "" && !/^\d+$/.test(text);
    if (wrong) found[column] = invalid ?? "amountInvalid";
  }
  return found;
}

/** The inputs of one section of the form, for the item's type. */
export function RecordInputs({
  section,
  itemType,
  values,
  errors,
  onChange,
}: {
  section: FieldSection;
  itemType: ItemType;
  values: RecordValues;
  errors: Partial<Record<string, ErrorCode>>;
  onChange: (column: RecordColumn, value: string) => void;
}) {
  const t = useTranslations();
  const columns = (shownFields("form", section, itemType) as RecordColumn[]).filter((c) => asked(c, values));
  if (columns.length === 0) return null;
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{t(`createRepair.sections.${section}`)}</legend>
      {columns.map((column) => {
        const spec = fieldSpec(column);
        const value = values[column] ?? "";
        const part = {
          label: t(`fields.${column}`),
          error: errors[column] && fieldErrorText(t, errors[column]),
        };
        const labelled = (codes: readonly string[]) =>
          codes.map((code) => ({ value: code, label: t(`${spec.labels}.${code}` as never) }));
        if (spec.kind === "codes") {
          const chosen = new Set(value.split(",").filter(Boolean));
          const toggle = (code: string, on: boolean) => {
            if (on) chosen.add(code);
            else chosen.delete(code);
            onChange(column, [...chosen].join(","));
          };
          return (
            <ChecksField
              key={column}
              {...part}
              options={labelled(CONDITIONS[itemType])}
              chosen={chosen}
              onToggle={toggle}
            />
          );
        }
        if (spec.kind === "enum")
          return (
            <SelectField
              key={column}
              {...part}
              value={value}
              onChange={(e) => onChange(column, e.target.value)}
              options={labelled(spec.values ?? [])}
              blank={spec.default && value ? undefined : "—"}
            />
          );
        const typed = {
          ...part,
          value,
          onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(column, e.target.value),
          placeholder: t.has(`fieldHints.${column}` as never) ? t(`fieldHints.${column}` as never) : undefined,
          autoComplete: "off",
        };
        if (spec.multiline) return <AreaField key={column} {...typed} wide />;
        if (isNumber(column)) return <MoneyField key={column} {...typed} />;
        return <Field key={column} {...typed} inputMode={spec.kind === "int" ? "numeric" : undefined} />;
      })}
    </fieldset>
  );
}
