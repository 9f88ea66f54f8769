import { PassThrough } from "node:stream";
import type { Locale } from "@/i18n/config";
import { isEmbedded, rows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { webStreamOf } from "@/lib/http/web-stream";
import { holdSlot, limits } from "@/lib/rate-limit";
import { continueInBackground } from "@/lib/runtime/turns";
import { selectRepairColumns, type RepairColumn } from "@/lib/repairs/columns";
import { wallClockIn } from "@/lib/time-zone";
import { CATALOGS } from "@/i18n/catalogs";
import { cellMaker, formatOf, type ExportRow } from "./cells";
import type { ExportField } from "./fields";
import { exportSchema } from "./schema";
import { writeXlsx } from "./xlsx";

// The .xlsx export, streamed: rows are read in keyset batches (newest first,
// as the list shows them) and written by our own streaming writer (./xlsx),
// so memory stays flat however many rows there are. A sheet holds at most
// Excel's 1,048,576 rows; more continue on the next sheet.

/**
 * Rows read per statement. On the embedded database every other request
 * waits while one runs, so it reads fewer at a time: the list stays fast
 * during an export (measured in `npm run bench -- --embedded`).
 */
const BATCH = 2000;
const EMBEDDED_BATCH = 250;
/**
 * zlib's fastest level: against the default (6), a 1M-row export took 14.4 s
 * instead of 18.0, the list's p99 while one ran 37 ms instead of 64 (2 cores,
 * deflating shares them with everything else), for a file of 62.6 MB instead
 * of 53.1 (exceljs's was 65).
 */
const DEFLATE_LEVEL = 1;
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

function readBatch(client: PrismaClient, columns: Prisma.Sql, where: Prisma.Sql, batch: number): Promise<ExportRow[]> {
  return rows<ExportRow>(
    client,
    Prisma.sql`SELECT ${columns} FROM repairs WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${batch}`,
  );
}

async function* batches(
  client: PrismaClient,
  shopId: string,
  request: ReturnType<typeof exportSchema.parse>,
  timeZone: string,
  columns: Prisma.Sql,
  first: ExportRow[],
  batch: number,
) {
  let next = first;
  while (next.length > 0) {
    const current = next;
    // Read the next batch while this one is written and zipped.
    const pending =
      current.length < batch
        ? Promise.resolve([])
        : readBatch(client, columns, conditions(shopId, request, timeZone, current[current.length - 1]), batch);
    // A download dropped meanwhile leaves this read unawaited: its failure must not go unhandled.
    pending.catch(() => {});
    yield current;
    next = await pending;
  }
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
  let batch: number;
  try {
    // The first batch is read before answering, so a failing database is a
    // proper error answer rather than a cut-off file.
    batch = (await isEmbedded(client)) ? EMBEDDED_BATCH : BATCH;
    first = await readBatch(client, columns, conditions(shopId, request, reader.timeZone), batch);
    // Nothing to put in a file: say so rather than hand over an empty one.
    if (first.length === 0) throw new AppError("exportEmpty");
  } catch (error) {
    await release();
    throw error;
  }

  const output = new PassThrough();
  // The file is written as background work: its slices give way to other requests.
  const background = continueInBackground();
  // Sent, failed or dropped by the client: the slot is free again.
  output.once("close", () => {
    background();
    void release();
  });
  const batchesOfRows = batches(client, shopId, request, reader.timeZone, columns, first, batch);
  void write(batchesOfRows, request.fields, reader, now, output, maxRowsPerSheet).catch((error) =>
    output.destroy(error),
  );
  return { fileName: exportFileName(reader.timeZone, now), body: webStreamOf(output) };
}

async function write(
  batches: AsyncGenerator<ExportRow[]>,
  fields: ExportField[],
  reader: Reader,
  now: Date,
  output: PassThrough,
  maxRowsPerSheet: number,
) {
  const messages = CATALOGS[reader.language];
  const columns = fields.map((field) => ({
    header: messages.exportFields[field],
    width: Math.max(12, messages.exportFields[field].length + 2),
    numFmt: formatOf(field),
  }));
  await writeXlsx(output, columns, batches, {
    cells: cellMaker(fields, messages, reader.timeZone, now),
    sheetName: (n) => (n === 1 ? messages.export.sheetName : `${messages.export.sheetName} (${n})`),
    maxRowsPerSheet,
    level: DEFLATE_LEVEL,
  });
}
