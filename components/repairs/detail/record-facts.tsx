"use client";

import { useLocale, useTranslations } from "next-intl";
import { fieldText } from "@/lib/repairs/field-text";
import { fieldWriters } from "@/lib/repairs/value-text";
import { shownFields, type FieldSection } from "@/lib/repairs/fields";
import type { RepairJson } from "@/lib/repairs/serialize";
import { Fact } from "@/components/ui/facts";
import { useFormat } from "@/components/repairs/format";

// The detail's facts of the fields the registry shows by themselves
// (lib/repairs/fields.ts `show`): a field declared there appears here with no more code.

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
      {shownFields("detail", section, repair.item_type).map((column) => {
        const text = fieldText(column, json[column], write);
        return text === null ? null : <Fact key={column} label={t(`fields.${column}`)} value={text} />;
      })}
    </>
  );
}
