import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { AppError } from "@/lib/errors";

// bcrypt is CPU work by design (about 180 ms a password at cost 11): done on
// the event loop, four people signing in at once stalled every other request.
// It runs here on a few worker threads instead, one per core but one, and the event
// loop only waits for the answer. Work beyond what the threads can catch up on
// soon is refused at once (503, Retry-After: 1) rather than queued for ever.

/** Jobs that may wait for a thread; more are refused as busy. */
export const MAX_WAITING = 64;

const WORKER_SOURCE = `
const { parentPort, threadId } = require("node:worker_threads");
const bcrypt = require("bcryptjs");
parentPort.on("message", ({ id, op, password, hashOrCost }) => {
  try {
    const result = op === "hash" ? bcrypt.hashSync(password, hashOrCost) : bcrypt.compareSync(password, hashOrCost);
    parentPort.postMessage({ id, result, threadId });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error), threadId });
  }
});
`;

type Job = { id: number; op: "hash" | "compare"; password: string; hashOrCost: string | number };
type Pending = Job & {
  resolve: (value: { result: string | boolean; threadId: number }) => void;
  reject: (error: Error) => void;
};
/** A place for one thread: started on the first job, stopped after IDLE_MS without one. */
type Slot = { worker: Worker | null; busy: Pending | null; idle?: NodeJS.Timeout };

/**
 * A thread is a V8 of its own (about 10 MB): one left idle this long stops,
 * and the next sign-in starts it again (in about 30 ms).
 */
export const IDLE_MS = 60_000;

const state = globalThis as unknown as {
  hashPool?: { slots: Slot[]; waiting: Pending[]; nextId: number; done: Record<"hash" | "compare", number> };
};

function pool() {
  if (!state.hashPool) {
    // One core is left to the event loop (and, on a small box, the database):
    // with every core hashing, four clients signing in took the list's p99
    // to three times its calm value.
    const size = Math.max(1, availableParallelism() - 1);
    state.hashPool = { slots: [], waiting: [], nextId: 1, done: { hash: 0, compare: 0 } };
    for (let i = 0; i < size; i++) state.hashPool.slots.push({ worker: null, busy: null });
  }
  return state.hashPool;
}

function start(slot: Slot): Worker {
  // Plain JavaScript: no loader of the parent (tsx) needed, and none to keep the process alive.
  const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
  worker.on("message", (message: { id: number; result?: string | boolean; error?: string; threadId: number }) => {
    const job = slot.busy;
    slot.busy = null;
    worker.unref();
    if (job && job.id === message.id) {
      pool().done[job.op]++;
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve({ result: message.result!, threadId: message.threadId });
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
  const job = pool().waiting.shift();
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
  slot.worker.postMessage({ id: job.id, op: job.op, password: job.password, hashOrCost: job.hashOrCost });
}

/** Runs one bcrypt operation on a worker thread; the thread's id comes back too (tests check it is not the main one). */
export function runOnPool(
  op: "hash" | "compare",
  password: string,
  hashOrCost: string | number,
): Promise<{ result: string | boolean; threadId: number }> {
  const { slots, waiting } = pool();
  if (waiting.length >= MAX_WAITING) return Promise.reject(new AppError("busy", { retryAfter: 1 }));
  return new Promise((resolve, reject) => {
    const job: Pending = { id: pool().nextId++, op, password, hashOrCost, resolve, reject };
    waiting.push(job);
    const idle = slots.find((slot) => slot.busy === null);
    if (idle) next(idle);
  });
}

/** What the pool has done and holds now (operations' eyes, and tests'). */
export function hashPoolStats() {
  const { slots, waiting, done } = pool();
  return {
    threads: slots.length,
    running: slots.filter((slot) => slot.worker).length,
    busy: slots.filter((slot) => slot.busy).length,
    waiting: waiting.length,
    done: { ...done },
  };
}
