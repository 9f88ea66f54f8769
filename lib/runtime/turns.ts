// Long CPU work on the server (an export turning rows into XML) runs as
// background work: in slices, each in a turn of the event loop of its own,
// so requests are read and answered between two slices, and
//
// - while a request is being served (the list, a status change), the next
//   slice waits until none is, or MAX_WAIT_MS at most, so the work still
//   moves on under steady load;
// - while requests come (one is being served, or one was within QUIET_MS),
//   all background work together takes at most BACKGROUND_SHARE of the event
//   loop's time: two exports at once go at half speed each, rather than
//   taking twice the CPU from everyone else (the database's reads and the
//   deflating follow the slices, so they are held to it too). On a quiet
//   server a slice runs in every turn: an export alone goes at full speed,
//   and the first request to come waits for one slice at most.
//
// Slices run one per turn, first come first served: awaiting setImmediate
// directly would run every waiting slice in the same turn, back to back.
//
// The count of requests is kept on globalThis: the HTTP server
// (scripts/serve.ts) and Next's bundles of the routes load this module
// separately.

/** The longest a slice waits for requests to be done. */
export const MAX_WAIT_MS = 10;
/** The event loop's share all background slices may take together while requests come. */
export const BACKGROUND_SHARE = 0.5;
/** How long after the last request the server counts as busy, and the share holds. */
export const QUIET_MS = 100;
/**
 * How long one slice may run (ms), given to it to keep to: a request that
 * comes meanwhile waits for it. Busy, slices are short (an export's slice of
 * 250 rows took about 3 ms, and the list's p99 at one client while one ran
 * was 21 to 31 ms against 9 to 10 calm; at 0.5 ms, 15); quiet, longer, so
 * that turning the event loop over costs little of an export's time.
 */
export const SLICE_MS = { busy: 0.5, quiet: 4 };

type Waiter = (budgetMs: number) => void;
type State = {
  /** Requests being served, less those streaming background work. */
  requests: number;
  waiting: Waiter[];
  scheduled: boolean;
  timer: NodeJS.Timeout | null;
  /** When the last slice ended, and the earliest the next may start while the server is busy. */
  lastSlice: number;
  nextSlice: number;
  /** When a request last started or ended. */
  lastRequest: number;
};

const KEY = Symbol.for("repair-desk.turns");
const shared = globalThis as typeof globalThis & { [KEY]?: State };
const state: State = (shared[KEY] ??= {
  requests: 0,
  waiting: [],
  scheduled: false,
  timer: null,
  lastSlice: 0,
  nextSlice: 0,
  lastRequest: -Infinity,
});

function schedule() {
  if (state.scheduled) return;
  state.scheduled = true;
  setImmediate(releaseOne);
}

function later(ms: number) {
  state.timer ??= setTimeout(() => {
    state.timer = null;
    schedule();
  }, ms);
}

function releaseOne() {
  state.scheduled = false;
  if (state.waiting.length === 0) return;
  const now = performance.now();
  // Within its share while the server is busy: back when the slices so far are paid for.
  const busy = state.requests > 0 || now - state.lastRequest < QUIET_MS;
  if (busy && now < state.nextSlice) return later(state.nextSlice - now);
  // Requests first: back when they are done (see `requestStarted`), or after MAX_WAIT_MS at the latest.
  const waited = now - state.lastSlice;
  if (state.requests > 0 && waited < MAX_WAIT_MS) return later(MAX_WAIT_MS - waited);
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = null;
  }
  state.waiting.shift()!(busy ? SLICE_MS.busy : SLICE_MS.quiet);
  if (state.waiting.length > 0) schedule();
}

/**
 * Runs `slice` (synchronous CPU work) as background work, in a turn of its
 * own when its time comes, and resolves with what it returns. The slice is
 * given the time it should keep to (ms, SLICE_MS): work that comes in pieces
 * (rows) stops once it is spent.
 */
export function inTurn<T>(slice: (budgetMs: number) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    state.waiting.push((budgetMs) => {
      const started = performance.now();
      try {
        resolve(slice(budgetMs));
      } catch (error) {
        reject(error);
      } finally {
        const ended = performance.now();
        state.lastSlice = ended;
        state.nextSlice = ended + (ended - started) * (1 / BACKGROUND_SHARE - 1);
      }
    });
    schedule();
  });
}

function ended() {
  state.requests--;
  state.lastRequest = performance.now();
  if (state.requests <= 0 && state.waiting.length > 0) schedule();
}

/** A request is being served (the HTTP server calls this); call what it returns once it has ended. */
export function requestStarted(): () => void {
  state.requests++;
  state.lastRequest = performance.now();
  return once(ended);
}

/**
 * The request calling this goes on as background work (an export streaming
 * its file): it no longer holds slices back. Call what it returns when the
 * work ends.
 */
export function continueInBackground(): () => void {
  ended();
  return once(() => state.requests++);
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
