import { Prisma } from "@/lib/generated/prisma/client";

import { fieldSpec, repairColumnList, REPAIR_FIELDS, type PropOf, type RepairColumn } from "./fields";

export type { RepairColumn } from "./fields";

/** `repair_number AS "repairNumber", …` for these columns (all of them unless said), in the registry's order. */
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
): { [K in keyof T & RepairColumn as PropOf<K>]: T[K] } {
  const data: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(input)) {
    if (value !== undefined && Object.hasOwn(REPAIR_FIELDS, column))
      data[fieldSpec(column as RepairColumn).prop] = value;
  }
  return data as never;
}
