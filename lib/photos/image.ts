import { availableParallelism } from "node:os";
import sharp from "sharp";
import { AppError } from "@/lib/errors";
import { BACKGROUND_NICE, lowerThreadPriority, threadsNamed } from "@/lib/runtime/priority";
import { processWide } from "@/lib/process-wide";

// What an uploaded file really is, read from its bytes (never its name or
// declared type), and a clean copy of it: decoded and encoded again, which
// applies the EXIF orientation and drops every metadata block (GPS position
// included) and anything smuggled after the image data.

export type ImageKind = "jpg" | "png" | "webp";

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: more than any phone or studio camera, and refuses decompression bombs. */
export const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 4096;

export function detectImage(bytes: Uint8Array): ImageKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length > 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** A PNG's width and height, read from its header (IHDR, the first chunk), or null if it has none. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (detectImage(bytes) !== "png" || bytes.length < 24) return null;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export const MIME: Record<ImageKind, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

// Cleaning a phone's photo is seconds of CPU (mozjpeg's encoding most of it,
// on one thread whatever sharp's concurrency). sharp runs it on its own
// threads, off the event loop, but there it took the cores from requests. As
// with sign-in's hashing (lib/auth/worker-pool.ts), images are cleaned on one
// core fewer than the machine has, each on one libvips thread, and those
// threads run in the idle scheduling class (lib/runtime/priority.ts), as an
// export's does. The rest wait their turn, and an upload that finds the queue
// full is answered busy before its body is read.

/** The threads libvips does an image's work on (glib names them). */
const IMAGE_THREAD = "libvips worker";

/**
 * libvips keeps its threads from one image to the next, and makes more as it
 * needs: each image lowers the ones not yet lowered, before its work and
 * after it (a first image's threads are made during it). A lowered thread is
 * at BACKGROUND_NICE whether or not chrt is there, so none is tried twice.
 */
async function lowerImageThreads(): Promise<void> {
  await Promise.all(
    threadsNamed(IMAGE_THREAD)
      .filter((thread) => thread.nice < BACKGROUND_NICE)
      .map((thread) => lowerThreadPriority(thread.tid, BACKGROUND_NICE)),
  );
}

/** Images cleaned at once. */
export const IMAGE_SLOTS = Math.max(1, availableParallelism() - 1);
/** Images that may wait for a slot (4 uploads of 2 photos); beyond, uploads are refused as busy. */
export const MAX_IMAGES_WAITING = 8;
sharp.concurrency(1);

type Gate = { running: number; waiting: Array<() => void>; started: number };
const gate = processWide<Gate>("imageGate", () => ({ running: 0, waiting: [], started: 0 }));

/** Images being cleaned and waiting now, and how many were ever started (tests', and operations', eyes). */
export const imageWork = () => ({ running: gate.running, waiting: gate.waiting.length, started: gate.started });

/** Refuses an upload as busy (503, Retry-After) when no image of it could wait for its turn. */
export function assertImageRoom(): void {
  if (gate.waiting.length >= MAX_IMAGES_WAITING) throw new AppError("busy", { retryAfter: 5 });
}

/** Runs `work` in an image slot, waiting for one if all are taken; a slot ends passed to the next waiting. */
async function inImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (gate.running < IMAGE_SLOTS) gate.running++;
  else {
    assertImageRoom();
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
  }
  gate.started++;
  try {
    await lowerImageThreads();
    return await work();
  } finally {
    void lowerImageThreads();
    const next = gate.waiting.shift();
    if (next) next();
    else gate.running--;
  }
}

export async function cleanImage(bytes: Uint8Array): Promise<{ kind: ImageKind; bytes: Buffer }> {
  const kind = detectImage(bytes);
  if (!kind) throw new AppError("photoType");
  // The header says the size: a too-large image is refused before it is decoded.
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_PIXELS) throw new AppError("photoTooManyPixels");
  return inImageSlot(async () => {
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
      const encoded =
        kind === "jpg"
          ? image.jpeg({ quality: 88, mozjpeg: true })
          : kind === "png"
            ? image.png({ compressionLevel: 9 })
            : image.webp({ quality: 88 });
      return { kind, bytes: await encoded.toBuffer() };
    } catch {
      throw new AppError("photoUnreadable");
    }
  });
}
