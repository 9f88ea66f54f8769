import { CATALOGS } from "@/i18n/catalogs";
import type { Locale } from "@/i18n/config";
import { rows } from "@/lib/db";
import { DATE_FORMAT, MONEY_FORMAT, TEXT_FORMAT } from "@/lib/export/cells";
import { sheetFile } from "@/lib/export/sheet";
import type { Cell } from "@/lib/export/xlsx";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { dayIn, wallClockIn } from "@/lib/time-zone";
import { iso } from "./serialize";
import { REPAIR_STATUSES, type ItemType, type RepairStatus } from "./workflow";

// Goods on the premises: what the shop holds for its customers right now,
// with what each is declared to be worth, for the insurer and the shop's own
// peace of mind. Every item taken in and not collected is here: those at an
// outside workshop are listed apart (the shop answers for them, but they are
// not in its safe), and an item on its way to the shop (sent) is not yet held.

/** The statuses of an item in the shop's hands. */
const HELD = REPAIR_STATUSES.filter((s) => s !== "sent" && s !== "picked_up" && s !== "outsourced");
/** Items listed at most (the totals count them all). */
export const PREMISES_LIST_CAP = 5000;

type Row = {
  id: string;
  repairNumber: string;
  customerName: string;
  itemType: ItemType;
  itemDescription: string;
  brand: string | null;
  model: string | null;
  serialNumber: string | null;
  status: RepairStatus;
  outsourcedTo: string | null;
  declaredValue: string | null;
  createdAt: string | Date;
};

const value = (text: string | null) => (text === null ? null : Number(text));

function itemJson(row: Row) {
  return {
    id: row.id,
    repair_number: row.repairNumber,
    customer_name: row.customerName,
    item_type: row.itemType,
    item_description: row.itemDescription,
    brand: row.brand,
    model: row.model,
    serial_number: row.serialNumber,
    status: row.status,
    outsourced_to: row.outsourcedTo,
    declared_value: value(row.declaredValue),
    created_at: iso(row.createdAt)!,
  };
}
export type PremisesItem = ReturnType<typeof itemJson>;

type Totals = { count: number; declared: string | null; undeclared: number };
const totalsJson = (t: Totals | undefined) => ({
  count: t?.count ?? 0,
  /** The sum of the declared values (items without one count as nothing). */
  declared_total: Number(t?.declared ?? 0),
  /** Items with no declared value. */
  undeclared: t?.undeclared ?? 0,
});

/** GET /repairs/premises: the items held and those at a workshop, oldest first, with their totals. */
export async function goodsOnPremises(client: PrismaClient, shopId: string) {
  const where = (statuses: readonly RepairStatus[]) =>
    Prisma.sql`shop_id = ${shopId}::uuid AND status = ANY(${statuses as RepairStatus[]}::repair_status[])`;
  const select = (statuses: readonly RepairStatus[]) => Prisma.sql`
    SELECT id, repair_number AS "repairNumber", customer_name AS "customerName", item_type AS "itemType",
      item_description AS "itemDescription", brand, model, serial_number AS "serialNumber", status,
      outsourced_to AS "outsourcedTo", declared_value AS "declaredValue", created_at AS "createdAt"
    FROM repairs WHERE ${where(statuses)} ORDER BY created_at, id LIMIT ${PREMISES_LIST_CAP}`;
  const totals = (statuses: readonly RepairStatus[]) => Prisma.sql`
    SELECT count(*)::int AS count, sum(declared_value)::text AS declared,
      count(*) FILTER (WHERE declared_value IS NULL)::int AS undeclared
    FROM repairs WHERE ${where(statuses)}`;
  const [held, out, [heldTotals], [outTotals]] = await Promise.all([
    rows<Row>(client, select(HELD)),
    rows<Row>(client, select(["outsourced"])),
    rows<Totals>(client, totals(HELD)),
    rows<Totals>(client, totals(["outsourced"])),
  ]);
  return {
    held: held.map(itemJson),
    at_workshops: out.map(itemJson),
    totals: { held: totalsJson(heldTotals), at_workshops: totalsJson(outTotals) },
  };
}
export type GoodsOnPremises = Awaited<ReturnType<typeof goodsOnPremises>>;

/** The dashboard's line: how many items the shop holds (in the shop and at workshops) and their declared value. */
export async function premisesTotals(client: PrismaClient, shopId: string) {
  const statuses = [...HELD, "outsourced"] as RepairStatus[];
  const [totals] = await rows<Totals>(
    client,
    Prisma.sql`SELECT count(*)::int AS count, sum(declared_value)::text AS declared,
      count(*) FILTER (WHERE declared_value IS NULL)::int AS undeclared
    FROM repairs WHERE shop_id = ${shopId}::uuid AND status = ANY(${statuses}::repair_status[])`,
  );
  return totalsJson(totals);
}

/** The same as a spreadsheet, in the reader's language: the held items, then those at workshops, each with a total. */
export async function goodsOnPremisesXlsx(
  client: PrismaClient,
  shopId: string,
  reader: { language: Locale; timeZone: string },
  now = new Date(),
) {
  const goods = await goodsOnPremises(client, shopId);
  const m = CATALOGS[reader.language];
  const columns = [
    { header: m.fields.repair_number, width: 20, numFmt: TEXT_FORMAT },
    { header: m.fields.customer_name, width: 24, numFmt: TEXT_FORMAT },
    { header: m.fields.item_type, width: 12 },
    { header: m.fields.item_description, width: 36, numFmt: TEXT_FORMAT },
    { header: m.fields.brand, width: 14, numFmt: TEXT_FORMAT },
    { header: m.fields.model, width: 14, numFmt: TEXT_FORMAT },
    { header: m.fields.serial_number, width: 16, numFmt: TEXT_FORMAT },
    { header: m.fields.status, width: 16 },
    { header: m.premises.where, width: 20, numFmt: TEXT_FORMAT },
    { header: m.fields.created_at, width: 12, numFmt: DATE_FORMAT },
    { header: m.fields.declared_value, width: 16, numFmt: MONEY_FORMAT },
  ];
  const line = (item: PremisesItem): Cell[] => [
    item.repair_number,
    item.customer_name,
    m.itemTypes[item.item_type],
    item.item_description,
    item.brand,
    item.model,
    item.serial_number,
    m.statuses[item.status],
    item.outsourced_to ?? m.premises.inShop,
    wallClockIn(new Date(item.created_at), reader.timeZone),
    item.declared_value,
  ];
  const total = (label: string, amount: number): Cell[] => [
    label,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    amount,
  ];
  const all: Cell[][] = [
    ...goods.held.map(line),
    total(m.premises.totalHeld, goods.totals.held.declared_total),
    ...goods.at_workshops.map(line),
    total(m.premises.totalAtWorkshops, goods.totals.at_workshops.declared_total),
  ];
  const day = dayIn(now, reader.timeZone).split("/").reverse().join("-");
  return { fileName: `goods_on_premises_${day}.xlsx`, body: sheetFile(columns, all, m.premises.sheetName) };
}
