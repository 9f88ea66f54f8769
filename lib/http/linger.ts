import type { IncomingMessage, ServerResponse } from "node:http";
import { processWide } from "@/lib/process-wide";

// Refused request bodies: what reading them may cost, all of them together.
//
// A request answered before its body was read (a 404 for a missing repair, a
// 429, a 413 past the cap) still has bytes on the wire. Read and thrown away
// after the answer (a lingering close, as web servers do), an ordinary client
// still sending reads its answer instead of a reset connection; closed at
// once, it may not. But reading is the serving thread's work: twenty 20 MB
// uploads refused at once cost every other request close to a second. So
// the bytes discarded come from one budget for the whole process, a bucket
// that refills at a steady rate: a body that finds room in it is read to its
// end (up to a bound of its own); past that, its connection is closed at once.

/** The most one refused body may have read and thrown away (the largest upload, two 10 MB photos, and its parts), and for how long. */
export const LINGER = { bytes: 24 * 1024 * 1024, ms: 5_000 } as const;
/** Bytes of refused bodies that may be read in a burst, and how fast the room comes back. */
export const LINGER_BUDGET = { burst: 48 * 1024 * 1024, perSecond: 16 * 1024 * 1024 } as const;

type Bucket = { room: number; at: number };
// One for the HTTP server (scripts/serve.ts) and the route handlers' bundle.
const bucket = processWide<Bucket>("lingerBucket", () => ({ room: LINGER_BUDGET.burst, at: Date.now() }));

/** Takes room to read `bytes` of a refused body; false when there is none (close the connection at once). */
export function takeLingerRoom(bytes: number): boolean {
  const now = Date.now();
  bucket.room = Math.min(LINGER_BUDGET.burst, bucket.room + ((now - bucket.at) / 1000) * LINGER_BUDGET.perSecond);
  bucket.at = now;
  if (bytes > bucket.room) return false;
  bucket.room -= bytes;
  return true;
}

/** Gives back room taken and not used (the body ended sooner). */
export function giveLingerRoom(bytes: number): void {
  bucket.room = Math.min(LINGER_BUDGET.burst, bucket.room + Math.max(0, bytes));
}

/** A body's declared length, or the most a refused one may be read when it declares none. */
export function declaredLength(header: string | string[] | null | undefined): number {
  const declared = Number(Array.isArray(header) ? header[0] : (header ?? Number.NaN));
  return Number.isFinite(declared) && declared >= 0 ? declared : LINGER.bytes;
}

/**
 * For an answer that leaves its request's body unread (a 404 before an
 * upload's bytes): as the answer ends, the rest is read here, counted, within
 * the budget and this body's bound, and past either the connection is closed
 * once the answer is out. (Node's server would read it all, uncounted.)
 */
export function boundUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  res.once("prefinish", () => {
    const socket = req.socket;
    if (req.complete || !res.shouldKeepAlive || socket.destroyed) return;
    const room = Math.min(declaredLength(req.headers["content-length"]), LINGER.bytes);
    if (!takeLingerRoom(room)) return void res.once("finish", () => socket.destroy());
    let read = 0;
    let ended = false;
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > room) socket.destroy();
    };
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      req.off("data", count);
      req.off("end", end);
      socket.off("close", end);
      giveLingerRoom(room - read);
    };
    const timer = setTimeout(() => socket.destroy(), LINGER.ms);
    timer.unref();
    req.on("data", count);
    req.once("end", end);
    socket.once("close", end);
    req.resume();
  });
}
