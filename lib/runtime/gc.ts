import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * V8's full garbage collection, taken without exposing `gc` to the app's
 * code: for the server when idle (scripts/serve.ts), for npm start's process
 * once it has started the server, and for `kill -USR2`'s memory report.
 */
export const collectGarbage: () => void = (() => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  setFlagsFromString("--no-expose-gc");
  return gc;
})();

const MB = 1024 * 1024;

/**
 * What `kill -USR2 <pid>` reports (the server and npm start's process): the
 * memory in use after a full collection, which tells a leak from a heap that
 * grew and was kept (V8 holds on to heap it grew for a while, so RSS alone
 * cannot).
 */
export function memoryAfterCollection() {
  const before = process.memoryUsage();
  collectGarbage();
  const after = process.memoryUsage();
  return {
    rssMB: Math.round(after.rss / MB),
    heapUsedMB: Math.round(after.heapUsed / MB),
    heapUsedBeforeGcMB: Math.round(before.heapUsed / MB),
    heapTotalMB: Math.round(after.heapTotal / MB),
    externalMB: Math.round(after.external / MB),
  };
}

/**
 * After a burst of requests V8 keeps its garbage until it next needs room,
 * which an idle server never does: an export's garbage stayed for hours. Once the process has been quiet for IDLE_GC_MS after some work, one
 * full collection (tens of milliseconds, with nothing waiting) gives it back.
 * Call what this returns whenever work ends.
 */
export const IDLE_GC_MS = 10_000;
export function collectWhenIdle(isIdle: () => boolean, collect = collectGarbage): () => void {
  /** When the last work ended, if any has since the last collection. */
  let lastWork: number | null = null;
  const timer = setInterval(() => {
    if (lastWork === null || !isIdle() || Date.now() - lastWork < IDLE_GC_MS) return;
    lastWork = null;
    collect();
  }, IDLE_GC_MS / 2);
  timer.unref();
  return () => {
    lastWork = Date.now();
  };
}
