"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/i18n/config";
import type { ErrorCode } from "@/lib/errors";
import { fieldText, fieldWriters } from "@/lib/repairs/field-text";
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
import { Fact } from "@/components/ui/facts";
import { useFormat } from "@/components/repairs/format";

// The fields the registry shows by themselves (lib/repairs/fields.ts `show`):
// their values in the form, what the form sends, their inputs, and their
// facts on the detail. A field declared there appears here with no more code.

/** A field the form shows by itself. */
export type RecordColumn = ColumnsWith<{ show: { places: readonly ["form", ...string[]] } }>;
const FORM_COLUMNS = shownFields("form", null) as RecordColumn[];
export type RecordValues = Record<RecordColumn, string>;

const isNumber = (column: RepairColumn) => ["money", "decimal"].includes(fieldSpec(column).kind);
/** A number typed as the language writes it; below zero where the field allows it. */
const parseNumber = (column: RepairColumn, text: string, locale: Locale) =>
  (fieldSpec(column).min ?? 0) < 0 ? parseSigned(text, locale) : parseAmount(text, locale);

/** The form's empty values. */
export const emptyRecord = () => Object.fromEntries(FORM_COLUMNS.map((c) => [c, ""])) as RecordValues;

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
  inputClass,
}: {
  section: FieldSection;
  itemType: ItemType;
  values: RecordValues;
  errors: Partial<Record<string, ErrorCode>>;
  onChange: (column: RecordColumn, value: string) => void;
  inputClass: string;
}) {
  const t = useTranslations();
  const columns = shownFields("form", section, itemType) as RecordColumn[];
  if (columns.length === 0) return null;
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{t(`createRepair.sections.${section}`)}</legend>
      {columns.map((column) => {
        const spec = fieldSpec(column);
        const label = t(`fields.${column}`);
        const hint = t.has(`fieldHints.${column}` as never) ? t(`fieldHints.${column}` as never) : undefined;
        const error = errors[column] && (
          <span className="font-normal text-red-700">{fieldErrorText(t, errors[column])}</span>
        );
        if (spec.kind === "codes") {
          const chosen = new Set((values[column] ?? "").split(",").filter(Boolean));
          const toggle = (code: string, on: boolean) => {
            if (on) chosen.add(code);
            else chosen.delete(code);
            onChange(column, [...chosen].join(","));
          };
          return (
            <fieldset key={column} className="sm:col-span-2">
              <legend className="text-sm font-medium text-slate-700">{label}</legend>
              <div className="mt-1 grid grid-cols-1 gap-1 min-[400px]:grid-cols-2 sm:grid-cols-3">
                {CONDITIONS[itemType].map((code) => (
                  <label key={code} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen.has(code)}
                      onChange={(e) => toggle(code, e.target.checked)}
                      className="h-4 w-4"
                    />
                    {t(`conditions.${code}`)}
                  </label>
                ))}
              </div>
              {error}
            </fieldset>
          );
        }
        if (spec.kind === "enum")
          return (
            <label key={column} className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              {label}
              <select
                value={values[column] ?? ""}
                onChange={(e) => onChange(column, e.target.value)}
                className={inputClass}
              >
                <option value="">—</option>
                {(spec.values ?? []).map((value) => (
                  <option key={value} value={value}>
                    {t(`${spec.labels}.${value}` as never)}
                  </option>
                ))}
              </select>
              {error}
            </label>
          );
        const common = {
          value: values[column] ?? "",
          placeholder: hint,
          "aria-invalid": errors[column] ? true : undefined,
          className: inputClass,
          autoComplete: "off",
        };
        return (
          <label
            key={column}
            className={`flex flex-col gap-1 text-sm font-medium text-slate-700 ${spec.multiline ? "sm:col-span-2" : ""}`}
          >
            {label}
            {spec.multiline ? (
              <textarea {...common} rows={2} onChange={(e) => onChange(column, e.target.value)} />
            ) : (
              <input
                {...common}
                inputMode={spec.kind === "int" ? "numeric" : isNumber(column) ? "decimal" : undefined}
                onChange={(e) => onChange(column, e.target.value)}
              />
            )}
            {error}
          </label>
        );
      })}
    </fieldset>
  );
}

const filled = (value: unknown) =>
  value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && !value.length);

/** Whether any field of the section has a value (for the item's type). */
export function hasRecord(repair: RepairJson, section: FieldSection): boolean {
  const json = repair as unknown as Record<string, unknown>;
  return shownFields("detail", section, repair.item_type).some((column) => filled(json[column]));
}

/** The detail's facts of one section: the fields that have a value, for the item's type. */
export function RecordFacts({ section, repair }: { section: FieldSection; repair: RepairJson }) {
  const t = useTranslations();
  const locale = useLocale();
  const format = useFormat();
  const json = repair as unknown as Record<string, unknown>;
  const write = fieldWriters(t as (key: string) => string, format.money, locale);
  return (
    <>
      {(shownFields("detail", section, repair.item_type) as RecordColumn[]).map((column) => {
        const text = fieldText(column, json[column], write);
        return text === null ? null : <Fact key={column} label={t(`fields.${column}`)} value={text} />;
      })}
    </>
  );
}
