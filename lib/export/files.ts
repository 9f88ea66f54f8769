import { CATALOGS } from "@/i18n/catalogs";
import { activityLayout, type ActivitySheetRow } from "@/lib/activity/sheet";
import { premisesLayout, type PremisesRow } from "@/lib/repairs/premises-sheet";
import { takingsLayout, type TakingsRow } from "@/lib/payments/takings-sheet";
import { cellMaker, formatOf, type ExportRow } from "./cells";
import type { FileJob, KeysetRead } from "./thread";
import type { Cell, XlsxColumn } from "./xlsx";
import type { Reader } from "./excel";

// What each file an export's thread makes (./worker.ts) holds, in order: rows
// read from the database, a batch at a time, and rows of its own between them
// (a heading, the totals). The thread reads and writes; this lays out.

export type Part = { read: KeysetRead } | { rows: Cell[][] };

export type FilePlan = {
  columns: XlsxColumn[];
  sheetName: (n: number) => string;
  parts: Part[];
  /** A row read by any of the parts, as its cells. */
  cells: (row: Record<string, unknown>) => Cell[];
  /** Whether a file whose first read finds nothing is refused (exportEmpty) rather than written. */
  refuseEmpty: boolean;
};

const numbered = (name: string) => (n: number) => (n === 1 ? name : `${name} (${n})`);

export function planOf(file: FileJob, reader: Reader): FilePlan {
  const messages = CATALOGS[reader.language];
  if (file.kind === "repairs") {
    const cells = cellMaker(file.fields, messages, reader.timeZone, new Date(file.now));
    return {
      columns: file.fields.map((field) => ({
        header: messages.fields[field],
        // Wide enough for the header and for a value in its format (a date and time: 16 characters).
        width: Math.max(12, messages.fields[field].length + 2, (formatOf(field)?.length ?? 0) + 2),
        numFmt: formatOf(field),
      })),
      sheetName: numbered(messages.export.sheetName),
      parts: [{ read: file.read }],
      cells: (row) => cells(row as ExportRow),
      refuseEmpty: true,
    };
  }
  if (file.kind === "activity") {
    const layout = activityLayout(reader.language, reader.timeZone);
    return {
      columns: layout.columns,
      sheetName: numbered(layout.sheetName),
      parts: [{ read: file.read }],
      cells: (row) => layout.cells(row as ActivitySheetRow),
      refuseEmpty: false,
    };
  }
  if (file.kind === "premises") {
    const layout = premisesLayout(file.totals, messages, reader.timeZone);
    return {
      columns: layout.columns,
      sheetName: numbered(layout.sheetName),
      parts: [
        { read: file.held },
        { rows: layout.afterHeld },
        { read: file.atWorkshops },
        { rows: layout.afterWorkshops },
      ],
      cells: (row) => layout.cells(row as PremisesRow),
      refuseEmpty: false,
    };
  }
  const layout = takingsLayout(file.summary, messages, reader.timeZone);
  return {
    columns: layout.columns,
    sheetName: numbered(layout.sheetName),
    parts: [
      { read: file.counted },
      { rows: layout.afterPayments },
      ...(file.summary.counts.voided > 0 ? [{ read: file.voided }, { rows: layout.afterVoided }] : []),
      { rows: layout.totals },
    ],
    cells: (row) => layout.cells(row as TakingsRow),
    refuseEmpty: false,
  };
}
