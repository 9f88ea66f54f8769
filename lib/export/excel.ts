import { once } from "node:events";
import { PassThrough, Transform } from "node:stream";
import ExcelJS from "exceljs";
import type { Locale } from "@/i18n/config";
import { rows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { webStreamOf } from "@/lib/http/web-stream";
import { holdSlot, limits } from "@/lib/rate-limit";
import { selectRepairColumns, type RepairColumn } from "@/lib/repairs/columns";
import { wallClockIn } from "@/lib/time-zone";
import ca from "@/messages/ca.json" with { type: "json" };
import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };
import { cellsOf, formatOf, type ExportRow } from "./cells";
import type { ExportField } from "./fields";
import { exportSchema } from "./schema";

// The .xlsx export, streamed: rows are read in keyset batches (newest first,
// as the list shows them) and written with exceljs's streaming WorkbookWriter,
// so memory stays flat however many rows there are. A sheet holds at most
// Excel's 1,048,576 rows; more continue on the next sheet.

const MESSAGES = { en, es, ca };
const BATCH = 2000;
export const MAX_ROWS_PER_SHEET = 1_048_575; // plus the header row

/** repairs_export_{date}.xlsx, the date being the shop's today. */
export const exportFileName = (timeZone: string, now = new Date()) =>
  `repairs_export_${day(wallClockIn(now, timeZone))}.xlsx`;

/** Who the file is for: the language of its texts and the zone of its times. */
export type Reader = { language: Locale; timeZone: string };

const day = (date: Date) => date.toISOString().slice(0, 10);

function conditions(
  shopId: string,
  request: ReturnType<typeof exportSchema.parse>,
  timeZone: string,
  after?: ExportRow,
): Prisma.Sql {
  const parts = [Prisma.sql`shop_id = ${shopId}::uuid`];
  if (request.statuses?.length) {
    parts.push(Prisma.sql`status IN (${Prisma.join(request.statuses.map((s) => Prisma.sql`${s}::repair_status`))})`);
  }
  // Whole days of the shop's calendar: from the start date's midnight there
  // to the end date's last instant there, daylight saving included.
  if (request.startDate)
    parts.push(Prisma.sql`created_at >= (${day(request.startDate)}::timestamp AT TIME ZONE ${timeZone})`);
  if (request.endDate) {
    parts.push(Prisma.sql`created_at < ((${day(request.endDate)}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  }
  // Keyset: the next batch starts right after the last row, straight from the index.
  if (after) parts.push(Prisma.sql`(created_at, id) < (${after.createdAt}, ${after.id}::uuid)`);
  return Prisma.join(parts, " AND ");
}

/**
 * The columns a file needs: the chosen fields' (lib/repairs/columns.ts), the
 * keyset's, and the quote's expiry where its status shows (a pending quote
 * past it reads as expired). Read through pg: the export is mostly reading.
 */
function columnsFor(fields: ExportField[]): RepairColumn[] {
  return [
    ...new Set<RepairColumn>([
      "id",
      "created_at",
      ...fields,
      ...(fields.includes("quote_status") ? (["quote_expires_at"] as const) : []),
    ]),
  ];
}

function readBatch(client: PrismaClient, columns: Prisma.Sql, where: Prisma.Sql): Promise<ExportRow[]> {
  return rows<ExportRow>(
    client,
    Prisma.sql`SELECT ${columns} FROM repairs WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${BATCH}`,
  );
}

async function* batches(
  client: PrismaClient,
  shopId: string,
  request: ReturnType<typeof exportSchema.parse>,
  timeZone: string,
  columns: Prisma.Sql,
  first: ExportRow[],
) {
  let next = first;
  while (next.length > 0) {
    const current = next;
    // Read the next batch while this one is written and zipped.
    const pending =
      current.length < BATCH
        ? Promise.resolve([])
        : readBatch(client, columns, conditions(shopId, request, timeZone, current[current.length - 1]));
    yield current;
    next = await pending;
  }
}

type ZipWriter = { zip: { append(source: NodeJS.ReadableStream, options: { name: string }): void } };

/**
 * exceljs keeps each sheet's XML in its own StreamBuf until the sheet is
 * committed (exceljs issue #1894): at 1M rows that is the whole uncompressed
 * sheet in memory. A plain PassThrough lets the zip deflate it as it comes.
 */
function streamEntriesThrough(workbook: InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>) {
  const writer = workbook as unknown as ZipWriter & { _openStream(path: string): Transform };
  writer._openStream = (path: string) => {
    // exceljs writes strings, Buffers and its own StringBuf objects, many of
    // them tiny: they are gathered into 256 KiB pieces, one zlib call each.
    let pieces: Buffer[] = [];
    let size = 0;
    const stream = new Transform({
      writableObjectMode: true,
      writableHighWaterMark: 4096,
      readableHighWaterMark: 1 << 20,
      transform(chunk: string | Buffer | { toBuffer(): Buffer }, _encoding, done) {
        const piece =
          typeof chunk === "string" ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : chunk.toBuffer();
        pieces.push(piece);
        size += piece.length;
        if (size >= 1 << 18) {
          this.push(Buffer.concat(pieces, size));
          pieces = [];
          size = 0;
        }
        done();
      },
      flush(done) {
        done(null, size > 0 ? Buffer.concat(pieces, size) : undefined);
      },
    });
    writer.zip.append(stream, { name: path });
    stream.on("finish", () => stream.emit("zipped"));
    return stream;
  };
}

export type ExportResult = { fileName: string; body: ReadableStream<Uint8Array> };

export async function exportRepairs(
  client: PrismaClient,
  shopId: string,
  reader: Reader,
  input: unknown,
  maxRowsPerSheet = MAX_ROWS_PER_SHEET,
): Promise<ExportResult> {
  const request = exportSchema.parse(input);
  const now = new Date();
  // One export at a time per shop: a large one is seconds of the server's
  // CPU and a long read, and four at once starved every other request.
  const release = await holdSlot(client, limits.exportsPerShop(shopId));
  const columns = selectRepairColumns(columnsFor(request.fields));
  let first: ExportRow[];
  try {
    // The first batch is read before answering, so a failing database is a
    // proper error answer rather than a cut-off file.
    first = await readBatch(client, columns, conditions(shopId, request, reader.timeZone));
    // Nothing to put in a file: say so rather than hand over an empty one.
    if (first.length === 0) throw new AppError("exportEmpty");
  } catch (error) {
    await release();
    throw error;
  }

  const output = new PassThrough();
  // Sent, failed or dropped by the client: the slot is free again.
  output.once("close", () => void release());
  const batchesOfRows = batches(client, shopId, request, reader.timeZone, columns, first);
  void write(batchesOfRows, request.fields, reader, now, output, maxRowsPerSheet).catch((error) =>
    output.destroy(error),
  );
  return { fileName: exportFileName(reader.timeZone, now), body: webStreamOf(output) };
}

async function write(
  rows: AsyncGenerator<ExportRow[]>,
  fields: ExportField[],
  reader: Reader,
  now: Date,
  output: PassThrough,
  maxRowsPerSheet: number,
) {
  const messages = MESSAGES[reader.language];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  streamEntriesThrough(workbook);
  const columns = fields.map((field) => ({
    header: messages.exportFields[field],
    key: field,
    width: Math.max(12, messages.exportFields[field].length + 2),
    style: formatOf(field) ? { numFmt: formatOf(field) } : {},
  }));
  const cellStyles = columns.map((column) => column.style as Partial<ExcelJS.Style>);
  let sheets = 0;
  const newSheet = () => {
    sheets++;
    const sheet = workbook.addWorksheet(
      sheets === 1 ? messages.export.sheetName : `${messages.export.sheetName} (${sheets})`,
    );
    sheet.columns = columns;
    sheet.getRow(1).font = { bold: true };
    return sheet;
  };
  let sheet = newSheet();
  let inSheet = 0;
  for await (const batch of rows) {
    for (const repair of batch) {
      if (inSheet === maxRowsPerSheet) {
        sheet.commit();
        sheet = newSheet();
        inSheet = 0;
      }
      const row = sheet.addRow(cellsOf(repair, fields, messages, reader.timeZone, now));
      // exceljs gives every cell a fresh copy of its column's style and then
      // works out each copy's style id from scratch (a third of the export's
      // time); one shared style object per column is looked up once.
      for (let i = 0; i < cellStyles.length; i++) row.getCell(i + 1).style = cellStyles[i];
      row.commit();
      inSheet++;
    }
    // Let the zip and a slow download catch up before reading more rows;
    // stop reading at once when the download was dropped.
    const sheetStream = (sheet as unknown as { stream: Transform }).stream;
    if (sheetStream.writableNeedDrain) await once(sheetStream, "drain");
    if (output.writableNeedDrain) await Promise.race([once(output, "drain"), once(output, "close")]);
    if (output.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}
