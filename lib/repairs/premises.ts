import { z } from "zod";
import type { Locale } from "@/i18n/config";
import { rows } from "@/lib/db";
import { afterCursor, encodeInstantKey, type InstantKey } from "@/lib/db/keyset";
import { exportFile } from "@/lib/export/excel";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { dayIn } from "@/lib/time-zone";
import type { PremisesRow, PremisesTotals } from "./premises-sheet";
import { iso } from "./serialize";
import { REPAIR_STATUSES, type RepairStatus } from "./workflow";
import { err } from "@/lib/schema-parts";

// Goods on the premises: what the shop holds for its customers right now,
// with what each is declared to be worth, for the insurer and the shop's own
// peace of mind. Every item taken in and not collected is here: those at an
// outside workshop are listed apart (the shop answers for them, but they are
// not in its safe), and an item on its way to the shop (sent) is not yet held.
// What it costs is what is shown: the totals are the per-status counters'
// (kept by the repairs' trigger), the lists are read 100 at a time, oldest
// first, each from an index of its own items only.

/** The statuses of an item in the shop's hands. */
const NOT_HELD = ["sent", "picked_up", "outsourced"] as const;
const HELD = REPAIR_STATUSES.filter((s) => !(NOT_HELD as readonly string[]).includes(s));
/** Written out, so the planner matches repairs_held_created_idx's predicate. */
const HELD_SQL = Prisma.raw(`status NOT IN (${NOT_HELD.map((s) => `'${s}'`).join(", ")})`);

/** Items a page lists; the next follow its `next` cursor. */
export const PREMISES_PAGE = 100;

type Place = "held" | "at_workshops";
const PLACES: Place[] = ["held", "at_workshops"];

const value = (text: string | null) => (text === null ? null : Number(text));

function itemJson(row: PremisesRow) {
  return {
    id: row.id,
    repair_number: row.repairNumber,
    customer_name: row.customerName,
    item_type: row.itemType,
    item_description: row.itemDescription,
    brand: row.brand,
    model: row.model,
    serial_number: row.serialNumber,
    metal: row.metal,
    fineness: row.fineness,
    weight_grams: value(row.weightGrams),
    status: row.status,
    outsourced_to: row.outsourcedTo,
    declared_value: value(row.declaredValue),
    created_at: iso(row.createdAt)!,
  };
}
export type PremisesItem = ReturnType<typeof itemJson>;

const pageQuery = z.object({
  list: z.enum(PLACES, err("takingsCursorInvalid")).optional(),
  after: afterCursor,
});

const SELECT = Prisma.sql`SELECT id, repair_number AS "repairNumber", customer_name AS "customerName", item_type AS "itemType",
      item_description AS "itemDescription", brand, model, serial_number AS "serialNumber",
      metal, fineness, weight_grams::text AS "weightGrams", status,
      outsourced_to AS "outsourcedTo", declared_value AS "declaredValue", created_at AS "createdAt"
    FROM repairs`;
const KEY: [string, string] = ["created_at", "id"];
const where = (shopId: string, place: Place) =>
  Prisma.sql`shop_id = ${shopId}::uuid AND ${place === "held" ? HELD_SQL : Prisma.sql`status = 'outsourced'`}`;

/** The totals of each place, from the per-status counters: a read of a few rows whatever the shop's size. */
async function totalsOf(client: PrismaClient, shopId: string): Promise<Record<Place, PremisesTotals>> {
  const counted = await rows<{ status: RepairStatus; count: number; declared: string; undeclared: number }>(
    client,
    Prisma.sql`SELECT status, count, declared_total::text AS declared, undeclared FROM repair_counts
      WHERE shop_id = ${shopId}::uuid AND status <> ALL(${["sent", "picked_up"]}::repair_status[])`,
  );
  const sum = (statuses: readonly RepairStatus[]) => {
    const mine = counted.filter((c) => statuses.includes(c.status));
    return {
      count: mine.reduce((n, c) => n + c.count, 0),
      /** The sum of the declared values (items without one count as nothing). */
      declared_total: Math.round(mine.reduce((n, c) => n + Number(c.declared), 0) * 100) / 100,
      /** Items with no declared value. */
      undeclared: mine.reduce((n, c) => n + c.undeclared, 0),
    };
  };
  return { held: sum(HELD), at_workshops: sum(["outsourced"]) };
}

async function pageOf(client: PrismaClient, shopId: string, place: Place, after?: InstantKey) {
  const found = await rows<PremisesRow>(
    client,
    Prisma.sql`${SELECT} WHERE ${where(shopId, place)}
      ${after ? Prisma.sql`AND (created_at, id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty}
      ORDER BY created_at, id LIMIT ${PREMISES_PAGE + 1}`,
  );
  const items = found.slice(0, PREMISES_PAGE);
  const last = found.length > PREMISES_PAGE ? items[items.length - 1] : null;
  return { items: items.map(itemJson), next: last ? encodeInstantKey(last) : null };
}

/**
 * GET /repairs/premises: the totals of the items held and of those at
 * workshops, and the first 100 of each, oldest first, with the cursor of the
 * next page; with `list` (held or at_workshops) and `after`, the next page of
 * that list alone.
 */
export async function goodsOnPremises(client: PrismaClient, shopId: string, query: unknown = {}) {
  const { list, after } = pageQuery.parse(query);
  if (list) {
    const page = await pageOf(client, shopId, list, after);
    return { list, [list]: page.items, next: page.next };
  }
  const [totals, held, out] = await Promise.all([
    totalsOf(client, shopId),
    pageOf(client, shopId, "held"),
    pageOf(client, shopId, "at_workshops"),
  ]);
  return {
    held: held.items,
    at_workshops: out.items,
    next: { held: held.next, at_workshops: out.next },
    totals,
  };
}
export type GoodsOnPremises = {
  held: PremisesItem[];
  at_workshops: PremisesItem[];
  next: Record<Place, string | null>;
  totals: Record<Place, PremisesTotals>;
};
export type PremisesPage = { list: Place; next: string | null } & Partial<Record<Place, PremisesItem[]>>;

/** The dashboard's line: how many items the shop holds (in the shop and at workshops) and their declared value. */
export async function premisesTotals(client: PrismaClient, shopId: string): Promise<PremisesTotals> {
  const { held, at_workshops } = await totalsOf(client, shopId);
  return {
    count: held.count + at_workshops.count,
    declared_total: Math.round((held.declared_total + at_workshops.declared_total) * 100) / 100,
    undeclared: held.undeclared + at_workshops.undeclared,
  };
}

/**
 * Every item as a spreadsheet in the reader's language, made on an export's
 * thread and streamed (one at a time per shop): the held items, then those at
 * workshops, each with its total.
 */
export async function goodsOnPremisesXlsx(
  client: PrismaClient,
  shopId: string,
  reader: { language: Locale; timeZone: string },
  now = new Date(),
) {
  const totals = await totalsOf(client, shopId);
  const read = (place: Place) => {
    const statement = Prisma.sql`${SELECT} WHERE ${where(shopId, place)}`;
    return { select: statement.text, values: statement.values, key: KEY, order: "asc" as const };
  };
  const body = await exportFile(client, shopId, reader, {
    kind: "premises",
    held: read("held"),
    atWorkshops: read("at_workshops"),
    totals,
  });
  const day = dayIn(now, reader.timeZone).split("/").reverse().join("-");
  return { fileName: `goods_on_premises_${day}.xlsx`, body };
}
