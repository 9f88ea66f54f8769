import { PassThrough } from "node:stream";
import type { Locale } from "@/i18n/config";
import { connectionOf, isEmbedded } from "@/lib/db";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { webStreamOf } from "@/lib/http/web-stream";
import { holdSlot, limits } from "@/lib/rate-limit";
import { continueInBackground, databaseTurn, requestCounter } from "@/lib/runtime/requests";
import { COMPUTED_FROM, repairColumnList, type RepairColumn } from "@/lib/repairs/fields";
import { wallClockIn } from "@/lib/time-zone";
import type { ExportField } from "./fields";
import { exportSchema } from "./schema";
import { startExportThread, THREAD_NICE, type FileJob } from "./thread";

// The .xlsx export, streamed: made on a thread of its own (./thread.ts,
// ./worker.ts), which reads the rows in keyset batches (newest first, as the
// list shows them) and writes them with our own streaming writer (./xlsx),
// so memory stays flat however many rows there are. A sheet holds at most
// Excel's 1,048,576 rows; more continue on the next sheet.

/**
 * Rows read per statement. Each read is the database's work at its full
 * priority while the export's thread runs at the lowest: shorter reads let a
 * request's statement in sooner, at no cost to the export. On the embedded
 * database every other request waits while one runs, so fewer still.
 */
const BATCH = 500;
const EMBEDDED_BATCH = 250;
/**
 * zlib's fastest level: deflating shares the cores with everything else, and
 * the default level made exports slower and requests beside them slower too,
 * for a file only a sixth smaller.
 */
const DEFLATE_LEVEL = 1;
export const MAX_ROWS_PER_SHEET = 1_048_575; // plus the header row

/** repairs_export_{date}.xlsx, the date being the shop's today. */
export const exportFileName = (timeZone: string, now = new Date()) =>
  `repairs_export_${day(wallClockIn(now, timeZone))}.xlsx`;

/** Who the file is for: the language of its texts and the zone of its times. */
export type Reader = { language: Locale; timeZone: string };

const day = (date: Date) => date.toISOString().slice(0, 10);

function conditions(shopId: string, request: ReturnType<typeof exportSchema.parse>, timeZone: string): Prisma.Sql {
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
  return Prisma.join(parts, " AND ");
}

/** Whether any repair matches these choices (a download link is refused at once when none does). */
export async function anyToExport(client: PrismaClient, shopId: string, input: unknown, timeZone: string) {
  const request = exportSchema.parse(input);
  const found = await client.$queryRaw<
    unknown[]
  >`SELECT 1 FROM repairs WHERE ${conditions(shopId, request, timeZone)} LIMIT 1`;
  return found.length > 0;
}

/**
 * The columns a file needs: the chosen fields' (lib/repairs/columns.ts), the
 * keyset's, and the quote's expiry where its status shows (a pending quote
 * past it reads as expired).
 */
function columnsFor(fields: ExportField[]): RepairColumn[] {
  return [
    ...new Set<RepairColumn>([
      "id",
      "created_at",
      ...fields,
      ...(fields.includes("quote_status") ? (["quote_expires_at"] as const) : []),
      ...(fields.includes("balance_due") ? COMPUTED_FROM : []),
    ]),
  ];
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
  const where = conditions(shopId, request, reader.timeZone);
  const body = await exportFile(
    client,
    shopId,
    reader,
    {
      kind: "repairs",
      read: {
        select: `SELECT ${repairColumnList(columnsFor(request.fields))} FROM repairs WHERE ${where.text}`,
        values: where.values,
        key: ["created_at", "id"],
        // Newest first, as the list shows them.
        order: "desc",
      },
      fields: request.fields,
      now: now.getTime(),
    },
    maxRowsPerSheet,
  );
  return { fileName: exportFileName(reader.timeZone, now), body };
}

/**
 * A file made on an export's thread (./thread.ts), streamed as it is made:
 * one at a time per shop (a large one is seconds of CPU and a long read, and
 * four at once starved every other request), the shop's slot held until the
 * file is sent or dropped.
 */
export async function exportFile(
  client: PrismaClient,
  shopId: string,
  reader: Reader,
  file: FileJob,
  maxRowsPerSheet = MAX_ROWS_PER_SHEET,
): Promise<ReadableStream<Uint8Array>> {
  const connection = connectionOf(client);
  if (!connection) throw new Error("an export needs a client with a pool of its own, not a transaction");
  const release = await holdSlot(client, limits.exportsPerShop(shopId));
  const output = new PassThrough();
  try {
    // The thread reads the first rows before anything is answered, so a
    // failing database, or nothing to export, is a proper error answer
    // rather than a cut-off or empty file.
    const embedded = await isEmbedded(client);
    await startExportThread(
      {
        connection,
        file,
        batch: embedded ? EMBEDDED_BATCH : BATCH,
        prepare: !embedded,
        reader,
        maxRowsPerSheet,
        level: DEFLATE_LEVEL,
        nice: THREAD_NICE,
        requests: requestCounter(),
        turn: databaseTurn(),
      },
      output,
    );
  } catch (error) {
    output.destroy();
    await release();
    throw error;
  }
  // The download is background work from here: the thread does not give way to it.
  const background = continueInBackground();
  // Sent, failed or dropped by the client: the slot is free again.
  output.once("close", () => {
    background();
    void release();
  });
  return webStreamOf(output);
}
