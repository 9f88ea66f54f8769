import type { Photo, Prisma, Repair } from "@/lib/generated/prisma/client";
import { statusUrl } from "@/lib/status-link/link";
import { moneyOf } from "./balance";
import {
  columnsWhere,
  fieldSpec,
  REPAIR_FIELDS,
  type ColumnsWith,
  type ComputedColumn,
  type ListShownColumn,
  type SqlColumn,
  type PropOf,
  type RepairColumn,
} from "./fields";
import { effectiveQuoteStatus } from "./workflow";

// A repair's JSON, made from the field registry (./fields.ts): snake_case,
// money as numbers with two decimals (euros), dates and instants as ISO 8601,
// and a pending quote past its expiry as "expired".

// Prisma reads numeric as Decimal, `pg` (lib/db rows()) as a string. The
// columns are numeric(10, 2): their text has two decimals at most, which
// Number reads as the nearest double, as toFixed(2) would give it.
type Money = Prisma.Decimal | string | null;
/** An instant as Prisma gives it (a Date) or rows() does (its ISO 8601 string in UTC). */
export type Instant = Date | string;
/** An instant as the API writes it: ISO 8601 in UTC (rows() already gives that string). */
export const iso = (value: Instant | null) =>
  value === null ? null : typeof value === "string" ? value : value.toISOString();

export type PhotoJson = {
  id: string;
  file_name: string;
  file_path: string;
  url: string;
  uploaded_at: string;
  /** When in the repair's life it was taken: intake (as left), work or after. */
  stage: Photo["stage"];
};

export function photoJson(photo: Pick<Photo, "id" | "fileName" | "filePath" | "uploadedAt" | "stage">): PhotoJson {
  return {
    id: photo.id,
    file_name: photo.fileName,
    file_path: photo.filePath,
    url: `/uploads/${photo.filePath}`,
    uploaded_at: photo.uploadedAt.toISOString(),
    stage: photo.stage,
  };
}

type Props<Shape> = PropOf<Exclude<ColumnsWith<Shape>, ComputedColumn | SqlColumn>>;
type MoneyProps = Props<{ kind: "money" | "decimal" }>;
type TimeProps = Props<{ kind: "date" | "instant" }>;
/** What a repair's JSON is made from: a Prisma record or a row read with rows(). */
export type RepairFields = Omit<Repair, MoneyProps | TimeProps | "searchText" | "shopId" | "statusTokenHash"> & {
  [P in MoneyProps]: Money;
} & { [P in Props<{ kind: "date" | "instant"; nullable: true }>]: Instant | null } & {
  [P in Exclude<TimeProps, Props<{ nullable: true }>>]: Instant;
};

/** A column's value in the JSON, by its kind. */
type JsonOf<S> = S extends { kind: "money"; always: true }
  ? number
  : S extends { kind: "money" | "decimal" }
    ? number | null
    : S extends { kind: "codes" }
      ? string[]
      : S extends { kind: "flag" }
        ? boolean | null
        : S extends { kind: "count" | "int" }
          ? number
          : S extends { values: readonly (infer V)[] }
            ? V | (S extends { nullable: true } ? null : never)
            : S extends { kind: "text" | "email" | "id" }
              ? S extends { required: string } | { kind: "id"; nullable?: never }
                ? string
                : string | null
              : S extends { nullable: true }
                ? string | null
                : string;
type JsonOfColumns<C extends RepairColumn> = { -readonly [K in C]: JsonOf<(typeof REPAIR_FIELDS)[K]> };

/** The list's columns (GET /repairs): the repair in brief; GET /repairs/{id} has all of it. */
type ListColumn = ColumnsWith<{ list: true }> | ListShownColumn;
export const LIST_COLUMNS = columnsWhere((spec) => spec.list || spec.show?.places.includes("list")) as ListColumn[];
export type ListFields = Pick<RepairFields, PropOf<Exclude<ListColumn, ComputedColumn>>>;
/** Read to make the JSON, never in it: the link's token (status_url is); the export's own SQL fields. */
type Hidden = "status_token" | SqlColumn;
const JSON_COLUMNS = columnsWhere((spec) => !spec.sql).filter((column) => column !== "status_token");

const number = (value: unknown) => (value == null ? null : Number(value));

function jsonOf(columns: readonly RepairColumn[], repair: Record<string, unknown>, now: Date) {
  const json: Record<string, unknown> = {};
  for (const column of columns) {
    const { prop, kind } = fieldSpec(column);
    const value = repair[prop] as unknown;
    if (column === "amount_due" || column === "balance_due") json[column] = moneyOf(repair)[prop as "amountDue"];
    else if (column === "quote_status")
      json[column] = effectiveQuoteStatus(value as Repair["quoteStatus"], repair.quoteExpiresAt as Instant | null, now);
    else if (kind === "money" || kind === "decimal") json[column] = number(value);
    else if (kind === "date" || kind === "instant") json[column] = iso((value ?? null) as Instant | null);
    else json[column] = value ?? null;
  }
  return json;
}

/** A repair as the list gives it: LIST_COLUMNS under their own names. */
export function listRepairJson(repair: ListFields, now = new Date()) {
  return jsonOf(LIST_COLUMNS, repair, now) as JsonOfColumns<ListColumn>;
}
export type ListRepairJson = ReturnType<typeof listRepairJson>;

/**
 * A whole repair (the detail, and every write's answer): every field, the
 * customer's status page (status_url: the link is the secret) and the photos
 * when they were read.
 */
export function repairJson(repair: RepairFields & { photos?: Parameters<typeof photoJson>[0][] }, now = new Date()) {
  return {
    ...(jsonOf(JSON_COLUMNS, repair, now) as JsonOfColumns<Exclude<RepairColumn, Hidden>>),
    status_url: statusUrl(repair.statusToken),
    ...(repair.photos ? { photos: repair.photos.map(photoJson) } : {}),
  };
}
export type RepairJson = ReturnType<typeof repairJson>;
