import type { CATALOGS } from "@/i18n/catalogs";
import { DATE_FORMAT, MONEY_FORMAT, TEXT_FORMAT } from "@/lib/export/cells";
import type { Cell, XlsxColumn } from "@/lib/export/xlsx";
import { wallClocksIn } from "@/lib/time-zone";
import type { ItemType, RepairStatus } from "./workflow";

// Goods on the premises as a spreadsheet (made on an export's thread,
// lib/export/files.ts): the held items, their total, those at workshops,
// theirs. Plain data in and cells out.

/** An item as read from the database (lib/repairs/premises.ts). */
export type PremisesRow = {
  id: string;
  repairNumber: string;
  customerName: string;
  itemType: ItemType;
  itemDescription: string;
  brand: string | null;
  model: string | null;
  serialNumber: string | null;
  metal: string | null;
  fineness: string | null;
  weightGrams: string | null;
  status: RepairStatus;
  outsourcedTo: string | null;
  declaredValue: string | null;
  createdAt: string | Date;
};

/** The sums of one place: items, declared value, items without one. */
export type PremisesTotals = { count: number; declared_total: number; undeclared: number };

type Messages = (typeof CATALOGS)["en"];

export function premisesLayout(totals: Record<"held" | "at_workshops", PremisesTotals>, m: Messages, timeZone: string) {
  const columns: XlsxColumn[] = [
    { header: m.fields.repair_number, width: 20, numFmt: TEXT_FORMAT },
    { header: m.fields.customer_name, width: 24, numFmt: TEXT_FORMAT },
    { header: m.fields.item_type, width: 12 },
    { header: m.fields.item_description, width: 36, numFmt: TEXT_FORMAT },
    { header: m.fields.brand, width: 14, numFmt: TEXT_FORMAT },
    { header: m.fields.model, width: 14, numFmt: TEXT_FORMAT },
    { header: m.fields.serial_number, width: 16, numFmt: TEXT_FORMAT },
    { header: m.fields.metal, width: 14, numFmt: TEXT_FORMAT },
    { header: m.fields.fineness, width: 10, numFmt: TEXT_FORMAT },
    { header: m.fields.weight_grams, width: 10, numFmt: "0.00" },
    { header: m.fields.status, width: 16 },
    { header: m.premises.where, width: 20, numFmt: TEXT_FORMAT },
    { header: m.fields.created_at, width: 12, numFmt: DATE_FORMAT },
    { header: m.fields.declared_value, width: 16, numFmt: MONEY_FORMAT },
  ];
  const wallClock = wallClocksIn(timeZone);
  const cells = (row: PremisesRow): Cell[] => [
    row.repairNumber,
    row.customerName,
    m.itemTypes[row.itemType],
    row.itemDescription,
    row.brand,
    row.model,
    row.serialNumber,
    row.metal,
    row.fineness,
    row.weightGrams === null ? null : Number(row.weightGrams),
    m.statuses[row.status],
    row.outsourcedTo ?? m.premises.inShop,
    wallClock(new Date(row.createdAt)),
    row.declaredValue === null ? null : Number(row.declaredValue),
  ];
  // The label first, the sum under the declared values (the last column).
  const total = (label: string, amount: number): Cell[] => [label, ...columns.slice(2).map(() => null), amount];
  return {
    columns,
    sheetName: m.premises.sheetName,
    cells,
    afterHeld: [total(m.premises.totalHeld, totals.held.declared_total)],
    afterWorkshops: [total(m.premises.totalAtWorkshops, totals.at_workshops.declared_total)],
  };
}
