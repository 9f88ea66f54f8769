import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { Locale } from "@/i18n/config";
import type { Prisma, PrismaClient, Repair } from "@/lib/generated/prisma/client";
import ca from "@/messages/ca.json" with { type: "json" };
import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };
import { cellsOf, formatOf } from "./cells";
import { exportSchema, type ExportField } from "./schema";

// The .xlsx export, streamed: rows are read in keyset batches (newest first,
// as the list shows them) and written with exceljs's streaming WorkbookWriter,
// so memory stays flat however many rows there are. A sheet holds at most
// Excel's 1,048,576 rows; more continue on the next sheet.

const MESSAGES = { en, es, ca };
const BATCH = 2000;
export const MAX_ROWS_PER_SHEET = 1_048_575; // plus the header row
const DAY = 86_400_000;

export const exportFileName = (now = new Date()) => `repairs_export_${now.toISOString().slice(0, 10)}.xlsx`;

function whereOf(shopId: string, request: ReturnType<typeof exportSchema.parse>): Prisma.RepairWhereInput {
  return {
    shopId,
    ...(request.statuses?.length ? { status: { in: request.statuses } } : {}),
    ...(request.startDate || request.endDate
      ? {
          createdAt: {
            ...(request.startDate ? { gte: request.startDate } : {}),
            // Whole days: the end date is included up to its last instant.
            ...(request.endDate ? { lt: new Date(request.endDate.getTime() + DAY) } : {}),
          },
        }
      : {}),
  };
}

async function* batches(client: PrismaClient, where: Prisma.RepairWhereInput, first: Repair[]) {
  let batch = first;
  while (batch.length > 0) {
    yield batch;
    if (batch.length < BATCH) return;
    const last = batch[batch.length - 1];
    batch = await client.repair.findMany({
      where: { AND: [where, { OR: [{ createdAt: { lt: last.createdAt } }, { createdAt: last.createdAt, id: { lt: last.id } }] }] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: BATCH,
    });
  }
}

export type ExportResult = { fileName: string; body: ReadableStream<Uint8Array> };

export async function exportRepairs(
  client: PrismaClient,
  shopId: string,
  language: Locale,
  input: unknown,
  maxRowsPerSheet = MAX_ROWS_PER_SHEET,
): Promise<ExportResult> {
  const request = exportSchema.parse(input);
  const where = whereOf(shopId, request);
  const now = new Date();
  // The first batch is read before answering, so a failing database is a
  // proper error answer rather than a cut-off file.
  const first = await client.repair.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: BATCH });

  const output = new PassThrough();
  void write(client, where, first, request.fields, language, now, output, maxRowsPerSheet).catch((error) => output.destroy(error));
  return { fileName: exportFileName(now), body: Readable.toWeb(output) as ReadableStream<Uint8Array> };
}

async function write(
  client: PrismaClient,
  where: Prisma.RepairWhereInput,
  first: Repair[],
  fields: ExportField[],
  language: Locale,
  now: Date,
  output: PassThrough,
  maxRowsPerSheet: number,
) {
  const messages = MESSAGES[language];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const columns = fields.map((field) => ({
    header: messages.exportFields[field],
    key: field,
    width: Math.max(12, messages.exportFields[field].length + 2),
    style: formatOf(field) ? { numFmt: formatOf(field) } : {},
  }));
  let sheets = 0;
  const newSheet = () => {
    sheets++;
    const sheet = workbook.addWorksheet(sheets === 1 ? messages.export.sheetName : `${messages.export.sheetName} (${sheets})`);
    sheet.columns = columns;
    sheet.getRow(1).font = { bold: true };
    return sheet;
  };
  let sheet = newSheet();
  let rows = 0;
  for await (const batch of batches(client, where, first)) {
    for (const repair of batch) {
      if (rows === maxRowsPerSheet) {
        sheet.commit();
        sheet = newSheet();
        rows = 0;
      }
      sheet.addRow(cellsOf(repair, fields, messages, now)).commit();
      rows++;
    }
    // Let a slow download catch up before reading more rows.
    if (output.writableNeedDrain) await once(output, "drain");
  }
  sheet.commit();
  await workbook.commit();
}
