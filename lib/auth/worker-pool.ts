import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { QRCodeToDataURLOptions } from "qrcode";
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";

// Sign-in's and 2FA's CPU work, on a few worker threads instead of the event
// loop. bcrypt is CPU work by design: done on the event loop, four people
// signing in at once stalled every other request. Drawing a 2FA set-up's QR
// code as a PNG is CPU work too: on the event loop, a client asking for
// set-ups in a loop held up every shop's requests. The threads are one per core but
// one, and the event loop only waits for the answer. Work beyond what the
// threads can catch up on soon is refused at once (503, Retry-After: 1)
// rather than queued for ever.

/**
 * Jobs that may wait for a thread, by lane; more are refused as busy. Sign-in
 * attempts for an unknown email or an account that has been failing wait in
 * the open lane; everything else (a known account's sign-in, signed-in work)
 * in the trusted one, served first. So a flood of guesses fills only its own
 * lane, and the owner's sign-in still goes through.
 */
export const MAX_WAITING = { trusted: 16, open: 48 } as const;
export type Lane = keyof typeof MAX_WAITING;

/** What each kind of job is given, and what it answers. */
type Jobs = {
  hash: { args: [password: string, cost: number]; result: string };
  compare: { args: [password: string, hash: string]; result: boolean };
  /** A QR code of the text, as a PNG data URL. */
  qr: { args: [text: string, options: QRCodeToDataURLOptions]; result: string };
};
type Op = keyof Jobs;

type Job = { id: number; op: Op; args: unknown[] };
type Pending = Job & {
  resolve: (value: { result: unknown; threadId: number }) => void;
  reject: (error: Error) => void;
};
/** A place for one thread: started on the first job, stopped after IDLE_MS without one. */
type Slot = { worker: Worker | null; busy: Pending | null; idle?: NodeJS.Timeout };

/**
 * A thread is a V8 of its own (about 10 MB): one left idle this long stops,
 * and the next sign-in starts it again (in about 30 ms).
 */
export const IDLE_MS = 60_000;

const state = processWide<{
  workerPool?: { slots: Slot[]; waiting: Record<Lane, Pending[]>; nextId: number; done: Record<Op, number> };
}>("workerPool", () => ({}));

function pool() {
  if (!state.workerPool) {
    // One core is left to the event loop (and, on a small box, the database):
    // with every core hashing, sign-ins slowed every other request.
    const size = Math.max(1, availableParallelism() - 1);
    state.workerPool = {
      slots: [],
      waiting: { trusted: [], open: [] },
      nextId: 1,
      done: { hash: 0, compare: 0, qr: 0 },
    };
    for (let i = 0; i < size; i++) state.workerPool.slots.push({ worker: null, busy: null });
  }
  return state.workerPool;
}

function start(slot: Slot): Worker {
  // Plain JavaScript beside this file, read from the app's root as the Next
  // build does not carry it: no loader of the parent (tsx) needed, and none to keep the process alive.
  const worker = new Worker(path.join(process.cwd(), "lib", "auth", "hash-worker.mjs"), { execArgv: [] });
  worker.on("message", (message: { id: number; result?: unknown; error?: string; threadId: number }) => {
    const job = slot.busy;
    slot.busy = null;
    worker.unref();
    if (job && job.id === message.id) {
      pool().done[job.op]++;
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve({ result: message.result, threadId: message.threadId });
    }
    next(slot);
  });
  worker.on("error", (error) => {
    // A thread that died takes its job with it; the next job starts a new one.
    const job = slot.busy;
    slot.busy = null;
    if (slot.worker === worker) slot.worker = null;
    job?.reject(error);
    next(slot);
  });
  // Idle threads must not keep a process (a script, a test) alive. After the
  // listeners: adding a "message" listener refs the worker again.
  worker.unref();
  return worker;
}

function next(slot: Slot) {
  clearTimeout(slot.idle);
  const { waiting } = pool();
  const job = waiting.trusted.shift() ?? waiting.open.shift();
  if (!job) {
    slot.idle = setTimeout(() => {
      const worker = slot.worker;
      if (slot.busy || !worker) return;
      slot.worker = null;
      void worker.terminate();
    }, IDLE_MS);
    slot.idle.unref();
    return;
  }
  slot.busy = job;
  slot.worker ??= start(slot);
  // A thread at work keeps the process alive until it answers (a script awaiting a hash).
  slot.worker.ref();
  slot.worker.postMessage({ id: job.id, op: job.op, args: job.args });
}

/** Runs one job on a worker thread, in the trusted lane; the thread's id comes back too (tests check it is not the main one). */
export function runOnPool<K extends Op>(
  op: K,
  ...args: Jobs[K]["args"]
): Promise<{ result: Jobs[K]["result"]; threadId: number }> {
  return runInLane("trusted", op, ...args);
}

/** Runs one job on a worker thread, waiting in `lane`. */
export function runInLane<K extends Op>(
  lane: Lane,
  op: K,
  ...args: Jobs[K]["args"]
): Promise<{ result: Jobs[K]["result"]; threadId: number }> {
  const { slots, waiting } = pool();
  if (waiting[lane].length >= MAX_WAITING[lane]) return Promise.reject(new AppError("busy", { retryAfter: 1 }));
  return new Promise((resolve, reject) => {
    const job: Pending = { id: pool().nextId++, op, args, resolve: resolve as Pending["resolve"], reject };
    waiting[lane].push(job);
    const idle = slots.find((slot) => slot.busy === null);
    if (idle) next(idle);
  });
}

/** What the pool has done and holds now (operations' eyes, and tests'). */
export function workerPoolStats() {
  const { slots, waiting, done } = pool();
  return {
    threads: slots.length,
    running: slots.filter((slot) => slot.worker).length,
    busy: slots.filter((slot) => slot.busy).length,
    waiting: waiting.trusted.length + waiting.open.length,
    done: { ...done },
  };
}
