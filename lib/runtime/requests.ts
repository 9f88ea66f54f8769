// The requests this process is serving, counted where a thread doing
// background work (an export's, lib/export/worker.ts) can see them: in
// shared memory. That thread gives way while the count is above zero, so a
// request does not share the CPU with the export's next piece of work.
//
// The counter is one for the process (lib/process-wide.ts): the HTTP server
// (scripts/serve.ts) and Next's bundles of the routes load this module separately.

import { processWide } from "@/lib/process-wide";

/** The longest background work waits for requests to be done before its next piece. */
export const MAX_WAIT_MS = 10;

/** The counter itself (an Int32Array over shared memory), to hand to a thread. */
export const requestCounter = (): Int32Array => processWide("requests", () => new Int32Array(new SharedArrayBuffer(4)));

function add(delta: number) {
  const counter = requestCounter();
  // Down to none: wake the threads waiting for that.
  if (Atomics.add(counter, 0, delta) + delta <= 0) Atomics.notify(counter, 0);
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

/** A request is being served (the HTTP server calls this); call what it returns once it has ended. */
export function requestStarted(): () => void {
  add(1);
  return once(() => add(-1));
}

/**
 * The request calling this goes on as background work (an export streaming
 * its file): background work no longer gives way to it. Call what it returns
 * when the work ends.
 */
export function continueInBackground(): () => void {
  add(-1);
  return once(() => add(1));
}

/**
 * On a background thread: returns once no request is being served, or after
 * `maxMs` at the latest, so the work still moves on under steady load.
 * Blocks the calling thread (never call it on the server's own).
 */
export function giveWayToRequests(counter: Int32Array, maxMs = MAX_WAIT_MS): void {
  const until = performance.now() + maxMs;
  for (;;) {
    const serving = Atomics.load(counter, 0);
    const left = until - performance.now();
    if (serving <= 0 || left <= 0) return;
    Atomics.wait(counter, 0, serving, left);
  }
}

/**
 * Which background thread is reading from the database: 0 for none, else its
 * threadId, in shared memory. Two exports reading at once took both cores'
 * worth of Postgres from the requests beside them: their reads take turns.
 */
export const databaseTurn = (): Int32Array =>
  processWide("database-turn", () => new Int32Array(new SharedArrayBuffer(4)));

/** The longest a background thread waits for its turn; then it reads anyway (a courtesy, never a deadlock). */
export const MAX_TURN_WAIT_MS = 1_000;

/**
 * On a background thread: waits until no other background thread is reading
 * from the database (`maxMs` at most) and takes the turn as `thread`. Call
 * what it returns once the read has its rows. Blocks the calling thread
 * (never call it on the server's own).
 */
export function takeDatabaseTurn(turn: Int32Array, thread: number, maxMs = MAX_TURN_WAIT_MS): () => void {
  const until = performance.now() + maxMs;
  for (;;) {
    const holder = Atomics.compareExchange(turn, 0, 0, thread);
    const left = until - performance.now();
    if (holder === 0 || holder === thread || left <= 0) break;
    Atomics.wait(turn, 0, holder, left);
  }
  return once(() => releaseDatabaseTurn(turn, thread));
}

/** Gives the turn back if `thread` holds it: after its read, and for a thread that ended holding it. */
export function releaseDatabaseTurn(turn: Int32Array, thread: number): void {
  if (Atomics.compareExchange(turn, 0, thread, 0) === thread) Atomics.notify(turn, 0);
}
