import { Prisma } from "@/lib/generated/prisma/client";

import { repairColumnList, REPAIR_COLUMNS, type RepairColumn } from "./column-names";

export { REPAIR_COLUMNS, type RepairColumn, type RepairField } from "./column-names";

/** `repair_number AS "repairNumber", …` for these columns (all of them unless said), in the table's order. */
export function selectRepairColumns(columns?: readonly RepairColumn[]): Prisma.Sql {
  return Prisma.raw(repairColumnList(columns));
}

/**
 * The record's fields from the API's names (the columns'): `{ customer_name }`
 * becomes `{ customerName }`. Names that are not columns are left out, and so
 * are undefined values (a PUT changes only what it sends).
 */
export function repairData<T extends Partial<Record<RepairColumn, unknown>>>(
  input: T,
): { [K in keyof T & RepairColumn as (typeof REPAIR_COLUMNS)[K]]: T[K] } {
  const data: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(input)) {
    if (value !== undefined && Object.hasOwn(REPAIR_COLUMNS, column))
      data[REPAIR_COLUMNS[column as RepairColumn]] = value;
  }
  return data as never;
}
