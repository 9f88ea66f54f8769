import { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { parentPort, threadId, workerData } from "node:worker_threads";
import pg from "pg";
import { pgTypes } from "@/lib/db/pg-types";
import { lowerOwnPriority } from "@/lib/runtime/priority";
import { giveWayToRequests, takeDatabaseTurn } from "@/lib/runtime/requests";
import { planOf, type FilePlan } from "./files";
import type { ExportJob, FromThread, KeysetRead, ToThread } from "./thread";
import { writeXlsx, type Cell } from "./xlsx";

// One export's thread (started by ./thread.ts): reads the rows of the file's
// plan (./files.ts) on a connection of its own, in keyset batches, writes the
// .xlsx and hands its bytes to the server's thread, which only passes them on.
// It runs at the lowest priority (lib/runtime/priority.ts), and before each
// piece of rows waits while the server is serving a request (10 ms at most):
// requests come first, and on an idle server the file goes at full speed.
// Its reads take turns with other exports' threads (databaseTurn), so
// exports at once keep one of the database's cores busy, not one each.

const job = workerData as ExportJob;
const port = parentPort!;
const post = (message: FromThread, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

/** Bytes handed over at a time (fewer, larger messages for the server's thread to pass on). */
const CHUNK = 64 * 1024;
/** Chunks handed over and not yet taken by the download; past this the writing waits. */
const IN_FLIGHT = 4;

/** The file's bytes, to the server's thread, as fast as the download takes them. */
class ToServer extends Writable {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private handed = 0;
  private waiting: (() => void) | null = null;

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < CHUNK) callback();
    else this.hand(callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    if (this.heldBytes > 0) this.hand(callback);
    else callback();
  }

  /** Hands what is held over, then calls `next` once the download has room for more. */
  private hand(next: () => void) {
    // One buffer of its own, moved to the other thread rather than copied again.
    const bytes = new Uint8Array(this.heldBytes);
    let at = 0;
    for (const piece of this.held) {
      bytes.set(piece, at);
      at += piece.length;
    }
    this.held = [];
    this.heldBytes = 0;
    post({ type: "bytes", bytes }, [bytes.buffer]);
    if (++this.handed < IN_FLIGHT) next();
    else this.waiting = next;
  }

  taken() {
    this.handed--;
    const waiting = this.waiting;
    if (waiting && this.handed < IN_FLIGHT) {
      this.waiting = null;
      waiting();
    }
  }
}

/**
 * Rows read in this thread's turn (databaseTurn): taken first (`holding` runs
 * then), given back once the rows are in or the read failed.
 */
function readInTurn(client: pg.Client, query: pg.QueryConfig, holding?: () => void): Promise<KeyedRow[]> {
  const done = takeDatabaseTurn(job.turn, threadId);
  holding?.();
  return client
    .query<KeyedRow>(query)
    .then((result) => result.rows)
    .finally(done);
}

type KeyedRow = { createdAt: string; id: string } & Record<string, unknown>;

/** A read's statements: its first batch, and the batch after a row (the keyset). */
function statements({ select, values, key, order }: KeysetRead) {
  const direction = order === "desc" ? "DESC" : "ASC";
  const inOrder = `ORDER BY ${key[0]} ${direction}, ${key[1]} ${direction} LIMIT ${job.batch}`;
  const n = values.length;
  return {
    first: `${select} ${inOrder}`,
    after: `${select} AND (${key[0]}, ${key[1]}) ${order === "desc" ? "<" : ">"} ($${n + 1}::timestamptz, $${n + 2}::uuid) ${inOrder}`,
  };
}

/** A read's rows, a batch at a time, from its first batch (read already). */
async function* batches(client: pg.Client, read: KeysetRead, index: number, first: KeyedRow[]) {
  const { after } = statements(read);
  // The connection is this export's own: one name per read is enough.
  const name = job.prepare ? `export_batch_after_${index}` : undefined;
  let next = first;
  while (next.length > 0) {
    const current = next;
    const last = current[current.length - 1];
    const more = current.length === job.batch;
    // Read the next batch while this one is written and deflated; but not
    // while another export's thread reads, nor while the server is serving a
    // request (the database is shared too).
    const pending: Promise<KeyedRow[]> = more
      ? readInTurn(client, { name, text: after, values: [...read.values, last.createdAt, last.id] }, () =>
          giveWayToRequests(job.requests),
        )
      : Promise.resolve([]);
    // Stopped meanwhile (the download dropped): this read's failure must not go unhandled.
    pending.catch(() => {});
    yield current;
    next = await pending;
  }
}

const firstBatch = (client: pg.Client, read: KeysetRead) =>
  readInTurn(client, { text: statements(read).first, values: read.values });

/** Every part's rows as cells, in order: each read's from its first batch, and the plan's own rows. */
async function* rowsOf(client: pg.Client, plan: FilePlan, first: KeyedRow[]): AsyncGenerator<Cell[][]> {
  let index = 0;
  for (const part of plan.parts) {
    if ("rows" in part) {
      yield part.rows;
      continue;
    }
    const start = index === 0 ? first : await firstBatch(client, part.read);
    for await (const batch of batches(client, part.read, index, start)) yield batch.map(plan.cells);
    index++;
  }
}

async function main() {
  await lowerOwnPriority(job.nice);
  const client = new pg.Client({ ...job.connection, types: pgTypes });
  const out = new ToServer();
  port.on("message", (message: ToThread) => {
    if (message.type === "taken") out.taken();
    else out.destroy(); // "stop": the download was dropped; the writing fails on its next write and ends
  });
  try {
    await client.connect();
    const plan = planOf(job.file, job.reader);
    const firstRead = plan.parts.find((part) => "read" in part);
    const first = firstRead && "read" in firstRead ? await firstBatch(client, firstRead.read) : [];
    if (first.length === 0 && plan.refuseEmpty) return post({ type: "empty" });
    post({ type: "ready" });
    await writeXlsx(out, plan.columns, rowsOf(client, plan, first), {
      cells: (row) => row,
      sheetName: plan.sheetName,
      maxRowsPerSheet: job.maxRowsPerSheet,
      level: job.level,
      beforePiece: () => giveWayToRequests(job.requests),
    });
    // Ended by the writer; done once every chunk has been handed over.
    await finished(out);
    post({ type: "done" });
  } catch (error) {
    const { message, code } = error as { message?: string; code?: unknown };
    post({ type: "failed", message: String(message ?? error), code: typeof code === "string" ? code : undefined });
  } finally {
    await client.end().catch(() => {});
    port.close();
  }
}

void main();
