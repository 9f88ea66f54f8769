import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Writable } from "node:stream";
import { Worker } from "node:worker_threads";
import { AppError } from "@/lib/errors";
import { BACKGROUND_NICE } from "@/lib/runtime/priority";
import { releaseDatabaseTurn } from "@/lib/runtime/requests";
import type { Reader } from "./excel";
import type { TakingsSummary } from "@/lib/payments/takings-sheet";
import type { PremisesTotals } from "@/lib/repairs/premises-sheet";
import type { ExportField } from "./fields";
import { processWide } from "@/lib/process-wide";

// An export's file is made on a thread of its own (./worker.ts), started for
// it and gone when it ends: reading a million rows, turning them into XML and
// deflating them is seconds of CPU, which on the server's thread made every
// request wait behind it. The thread runs at the lowest
// priority and pauses while requests are served (./worker.ts), so on a busy
// machine requests get the CPU first; the server's thread only passes the
// bytes on to the download.

/**
 * Rows read a batch at a time in the order of a key (an instant and a uuid,
 * ascending or descending), each batch after the last row of the one before.
 * `select` is `SELECT … FROM … WHERE …`, with $1… for `values`; its rows
 * carry the key as `createdAt` and `id`.
 */
export type KeysetRead = { select: string; values: unknown[]; key: [string, string]; order: "asc" | "desc" };

/** A file the thread can make (./files.ts lays each out): what it reads, and what it needs to write it. */
export type FileJob =
  | {
      kind: "repairs";
      read: KeysetRead;
      fields: ExportField[];
      /** The file's moment (ms since the epoch): a quote past its expiry by then reads as expired. */
      now: number;
    }
  | { kind: "takings"; counted: KeysetRead; voided: KeysetRead; summary: TakingsSummary }
  | { kind: "activity"; read: KeysetRead }
  | {
      kind: "premises";
      held: KeysetRead;
      atWorkshops: KeysetRead;
      totals: Record<"held" | "at_workshops", PremisesTotals>;
    };

/** What the thread is given: where and what to read, and how to write it. */
export type ExportJob = {
  connection: { connectionString: string; options: string };
  file: FileJob;
  /** Rows read per statement. */
  batch: number;
  /**
   * Whether the statements reading each batch after the first are prepared
   * under a name, so Postgres plans them once rather than per batch (not on
   * the embedded PGlite, whose one session every connection shares).
   */
  prepare: boolean;
  reader: Reader;
  maxRowsPerSheet: number;
  /** zlib's level. */
  level: number;
  /** The thread's nice value (0 the server's; 19 the lowest priority). */
  nice: number;
  /** The requests the server is serving (lib/runtime/requests.ts): the thread gives way to them. */
  requests: Int32Array;
  /** Which export's thread is reading from the database (lib/runtime/requests.ts): their reads take turns. */
  turn: Int32Array;
};

export type FromThread =
  | { type: "ready" }
  | { type: "empty" }
  | { type: "bytes"; bytes: Uint8Array }
  | { type: "done" }
  | { type: "failed"; message: string; code?: string };
export type ToThread = { type: "taken" } | { type: "stop" };

/**
 * Files being made at once, across shops (each shop one at a time): each
 * thread is a V8 of its own (about 20 MB while it works). Another export is
 * answered "busy, try again" meanwhile.
 */
export const MAX_THREADS = 4;
/** An export's thread runs at the background threads' nice value (lib/runtime/priority.ts). */
export const THREAD_NICE = BACKGROUND_NICE;

const counts = () => processWide("exportThreads", () => ({ running: 0, made: 0 }));

/** Threads making files now, and files made since the process started (operations' eyes, and tests'). */
export const exportThreadStats = () => ({ ...counts() });

/**
 * The thread's code: the build's bundle (scripts/lib/build.ts) in production,
 * the TypeScript source through tsx otherwise (tests, the dev server). Loaded
 * by a line of code given as text, which Next's bundler leaves alone (it
 * would try to bundle a file named to `new Worker`).
 */
function thread(job: ExportJob): Worker {
  const bundle = path.join(process.cwd(), ".next", "export-worker.mjs");
  const source = pathToFileURL(path.join(process.cwd(), "lib", "export", "worker.ts")).href;
  const code =
    process.env.NODE_ENV === "production" && existsSync(bundle)
      ? `import(${JSON.stringify(pathToFileURL(bundle).href)});`
      : `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`;
  return new Worker(code, { eval: true, workerData: job });
}

/**
 * Starts a thread making the file into `out`. Resolves once it has read the
 * first rows (the bytes then follow into `out`, which ends with the file);
 * rejects with `exportEmpty` when there are none, or with the database's
 * error, before anything is written. Closing `out` early (a dropped
 * download) stops the thread.
 */
export function startExportThread(job: ExportJob, out: Writable): Promise<void> {
  const running = counts();
  if (running.running >= MAX_THREADS) return Promise.reject(new AppError("busy", { retryAfter: 5 }));
  let worker: Worker;
  try {
    worker = thread(job);
  } catch (error) {
    return Promise.reject(error);
  }
  running.running++;
  // Kept now: worker.threadId reads -1 once the thread has exited.
  const threadId = worker.threadId;
  let ended = false;
  return new Promise((resolve, reject) => {
    let started = false;
    const fail = (error: Error) => {
      ended = true;
      if (started) out.destroy(error);
      else reject(error);
    };
    worker.on("message", (message: FromThread) => {
      switch (message.type) {
        case "ready":
          started = true;
          resolve();
          break;
        case "empty":
          ended = true;
          reject(new AppError("exportEmpty"));
          break;
        case "bytes":
          // Taken once the download has room for it: the thread's writing waits for that.
          out.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength), () =>
            worker.postMessage({ type: "taken" } satisfies ToThread),
          );
          break;
        case "done":
          ended = true;
          running.made++;
          out.end();
          break;
        case "failed":
          fail(Object.assign(new Error(message.message), message.code ? { code: message.code } : {}));
          break;
      }
    });
    worker.on("error", fail);
    worker.once("exit", () => {
      running.running--;
      // A thread stopped outright while reading gives its turn back here.
      releaseDatabaseTurn(job.turn, threadId);
      if (!ended) fail(new Error("the export's thread stopped before the end of the file"));
    });
    out.once("close", () => {
      if (ended) return;
      ended = true;
      worker.postMessage({ type: "stop" } satisfies ToThread);
      // A thread waiting on the database past this is stopped outright.
      setTimeout(() => void worker.terminate(), 10_000).unref();
    });
  });
}
